// Bringing an app of the corpus at its pinned commit: from a local mirror (a bare git
// directory) or, with --clone, from its public repository.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** Finds the git directory of `repo` under `mirrors` (a bare one, or a clone's .git), or undefined. */
export function findMirror(mirrors, repo) {
  for (const dir of mirrorCandidates(mirrors, repo)) {
    if (existsSync(path.join(dir, "HEAD"))) return dir;
    if (existsSync(path.join(dir, ".git", "HEAD"))) return path.join(dir, ".git");
  }
  return undefined;
}

/**
 * Writes the tree of `app.commit` into `dest` (made anew); with `app.subdir` (an app that is one
 * package of a monorepo), only that folder, as the root, or with `app.monorepo` too, the whole tree
 * (a package that reads its siblings' files), the app being `subdir` inside it (appFolder).
 * Returns undefined, or a sentence saying why it could not.
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
  const subdir = app.subdir?.replace(/\/+$/, "");
  const whole = Boolean(app.monorepo && subdir);
  let missing;
  try {
    missing = missingBlobs(gitDir, app.commit, whole ? undefined : subdir);
  } catch (error) {
    return `${gitDir} is not a git directory with commit ${app.commit}: ${error.message.split("\n")[0]}`;
  }
  if (missing.length > 0) appendFileSync(logFile, `not in the mirror, left out: ${missing.join(", ")}\n`);
  const excludes = missing.map((file) => `:(exclude,literal)${file}`);
  const strip = subdir && !whole ? subdir.split("/").length : 0;
  const archive = await run(
    "sh",
    [
      "-c",
      'd="$1"; c="$2"; o="$3"; n="$4"; shift 4; git --git-dir="$d" archive --format=tar "$c" -- "$@" | tar -x --strip-components="$n" -C "$o"',
    ].concat(["sh", gitDir, app.commit, dest, String(strip), whole ? "." : (subdir ?? "."), ...excludes]),
    { cwd: dest, logFile },
  );
  if (archive.code !== 0 || !existsSync(path.join(appFolder(app, dest), "package.json"))) {
    return `could not read commit ${app.commit} of ${app.repo} from ${gitDir} (see ${logFile})`;
  }
  return undefined;
}

/** The app's own folder in a copy `dir` of its tree: `subdir` inside it for a `monorepo` entry, else `dir`. */
export function appFolder(app, dir) {
  const subdir = app.subdir?.replace(/\/+$/, "");
  return app.monorepo && subdir ? path.join(dir, subdir) : dir;
}

/** Files of `commit` whose content the mirror lacks (snapshots may leave out very large files). */
function missingBlobs(gitDir, commit, subdir) {
  const tree = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", commit, "--", subdir ?? "."], {
    maxBuffer: 64 * 1024 * 1024,
  }).toString();
  const entries = tree
    .split("\0")
    .filter(Boolean)
    .map((line) => /^\d+ (\w+) ([0-9a-f]+)\t(.*)$/s.exec(line))
    .filter((m) => m && m[1] === "blob");
  if (entries.length === 0) return [];
  const checked = execFileSync("git", ["--git-dir", gitDir, "cat-file", "--batch-check"], {
    input: entries.map((m) => m[2]).join("\n") + "\n",
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString()
    .split("\n");
  return entries.filter((m, i) => / missing$/.test(checked[i] ?? "")).map((m) => m[3]);
}

/**
 * Replaces each dependency of `app.gitDependencies` (`{ name: { repo, commit } }`: a dependency
 * on a git repository, which the registry here cannot serve) in `dir`'s package.json by a tarball
 * of that repository's `commit`, made from its mirror (or a clone) under `tarballs`. Returns
 * undefined, or a sentence saying why it could not.
 */
export async function replaceGitDependencies(app, dir, { mirrors, clone, logFile, cacheDir, tarballs }) {
  const entries = Object.entries(app.gitDependencies ?? {});
  if (entries.length === 0) return undefined;
  const pkgFile = path.join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(pkgFile, "utf8"));
  mkdirSync(tarballs, { recursive: true });
  for (const [name, { repo, commit }] of entries) {
    const field = ["dependencies", "devDependencies", "optionalDependencies"].find((f) => pkg[f]?.[name]);
    if (!field) return `gitDependencies: ${name} is not a dependency of ${app.repo}`;
    let gitDir = mirrors ? findMirror(mirrors, repo) : undefined;
    if (!gitDir && clone) {
      gitDir = path.join(cacheDir, repo.replace("/", "+") + ".git");
      if (!existsSync(path.join(gitDir, "HEAD"))) {
        const cloned = await run("git", ["clone", "--bare", `https://github.com/${repo}.git`, gitDir], {
          cwd: cacheDir,
          logFile,
        });
        if (cloned.code !== 0) return `git clone of ${repo} failed (see ${logFile})`;
      }
    }
    if (!gitDir) return `no mirror of ${repo} (for ${name}) under ${mirrors}, and no --clone`;
    const tgz = path.join(tarballs, `${repo.replace("/", "+")}-${commit.slice(0, 12)}.tgz`);
    const archive = await run(
      "git",
      ["--git-dir", gitDir, "archive", "--format=tar.gz", "--prefix=package/", "-o", tgz, commit],
      { cwd: tarballs, logFile },
    );
    if (archive.code !== 0) return `could not read commit ${commit} of ${repo} from ${gitDir} (see ${logFile})`;
    appendFileSync(logFile, `${name}: ${pkg[field][name]} replaced by ${repo} ${commit}\n`);
    pkg[field][name] = `file:${tgz}`;
  }
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + "\n");
  return undefined;
}

/**
 * Removes from `dir`'s package.json each dependency named in `app.dropDependencies`: tools the
 * suite does not use (lint and format configurations) whose pinned versions the registry here does
 * not serve. Returns undefined, or a sentence saying why it could not.
 */
export function dropDependencies(app, dir, { logFile }) {
  const names = app.dropDependencies ?? [];
  if (names.length === 0) return undefined;
  const pkgFile = path.join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(pkgFile, "utf8"));
  for (const name of names) {
    const field = ["dependencies", "devDependencies", "optionalDependencies"].find((f) => pkg[f]?.[name]);
    if (!field) return `dropDependencies: ${name} is not a dependency of ${app.repo}`;
    appendFileSync(logFile, `${name}: ${pkg[field][name]} removed (dropDependencies)\n`);
    delete pkg[field][name];
  }
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + "\n");
  return undefined;
}
