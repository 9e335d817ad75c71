// Bringing an app of the corpus at its pinned commit: from a local mirror (a bare git
// directory) or, with --clone, from its public repository.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { run } from "./proc.mjs";

/** The places a mirror of `owner/name` may be under `mirrors`. */
export function mirrorCandidates(mirrors, repo) {
  const [owner, name] = repo.split("/");
  return [
    path.join(mirrors, `${owner}+${name}`, "repo"),
    path.join(mirrors, `${owner}+${name}.git`),
    path.join(mirrors, `${owner}+${name}`),
    path.join(mirrors, owner, `${name}.git`),
    path.join(mirrors, owner, name),
  ];
}

/** Finds the git directory of `repo` under `mirrors`, or undefined. */
export function findMirror(mirrors, repo) {
  return mirrorCandidates(mirrors, repo).find(
    (dir) => existsSync(path.join(dir, "HEAD")) || existsSync(path.join(dir, ".git", "HEAD")),
  );
}

/**
 * Writes the tree of `app.commit` into `dest` (made anew). Returns undefined, or a sentence saying
 * why it could not.
 */
export async function checkout(app, { mirrors, clone, dest, logFile, cacheDir }) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  let gitDir;
  if (mirrors) {
    gitDir = findMirror(mirrors, app.repo);
    if (!gitDir && !clone) {
      return (
        `no mirror of ${app.repo} under ${mirrors} (looked for ${mirrorCandidates(mirrors, app.repo).join(", ")}). ` +
        `Make one with: git clone --mirror https://github.com/${app.repo}.git ` +
        `${mirrorCandidates(mirrors, app.repo)[1]}, or pass --clone to clone it`
      );
    }
  }
  if (!gitDir) {
    gitDir = path.join(cacheDir, app.repo.replace("/", "+") + ".git");
    if (!existsSync(path.join(gitDir, "HEAD"))) {
      const cloned = await run("git", ["clone", "--bare", `https://github.com/${app.repo}.git`, gitDir], {
        cwd: cacheDir,
        logFile,
      });
      if (cloned.code !== 0) return `git clone of ${app.repo} failed (see ${logFile})`;
    }
  }
  const archive = await run(
    "sh",
    ["-c", `git --git-dir="$1" archive --format=tar "$2" | tar -x -C "$3"`, "sh", gitDir, app.commit, dest],
    { cwd: dest, logFile },
  );
  if (archive.code !== 0 || !existsSync(path.join(dest, "package.json"))) {
    return `could not read commit ${app.commit} of ${app.repo} from ${gitDir} (see ${logFile})`;
  }
  return undefined;
}
