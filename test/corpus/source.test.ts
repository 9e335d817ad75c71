import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: a plain .mjs script of the corpus runner, without declarations
import { appFolder, checkout } from "../../scripts/corpus/lib/source.mjs";

// scripts/corpus/lib/source.mjs brings each app of the corpus at its pinned commit. An app that is
// one package of a monorepo (`subdir`) becomes the root of its copy; with `monorepo` the whole tree
// stays, for a package that reads its siblings' files, and the app's folder is `subdir` inside it.
describe("corpus runner: checkout()", () => {
  function monorepo() {
    const dir = mkdtempSync(path.join(tmpdir(), "corpus-source-"));
    const work = path.join(dir, "work");
    mkdirSync(path.join(work, "packages", "app"), { recursive: true });
    mkdirSync(path.join(work, "packages", "data"), { recursive: true });
    writeFileSync(path.join(work, "package.json"), '{ "name": "root", "private": true }\n');
    writeFileSync(path.join(work, "packages", "app", "package.json"), '{ "name": "app" }\n');
    writeFileSync(path.join(work, "packages", "data", "list.json"), "[]\n");
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: work,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@t",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@t",
        },
      })
        .toString()
        .trim();
    git("init", "-q");
    git("add", ".");
    git("commit", "-q", "-m", "tree");
    const commit = git("rev-parse", "HEAD");
    const mirrors = path.join(dir, "mirrors");
    mkdirSync(mirrors);
    execFileSync("git", ["clone", "-q", "--bare", work, path.join(mirrors, "owner+repo.git")]);
    return { dir, mirrors, commit };
  }

  it("with subdir alone, writes that folder as the root of the copy", async () => {
    const { dir, mirrors, commit } = monorepo();
    const app = { id: "a", repo: "owner/repo", commit, subdir: "packages/app" };
    const dest = path.join(dir, "src");
    const why = await checkout(app, { mirrors, dest, logFile: path.join(dir, "log"), cacheDir: dir });
    expect(why).to.equal(undefined);
    expect(existsSync(path.join(dest, "package.json"))).to.equal(true);
    expect(existsSync(path.join(dest, "packages"))).to.equal(false);
    expect(appFolder(app, dest)).to.equal(dest);
  });

  it("with monorepo, keeps the whole tree and answers subdir inside it as the app's folder", async () => {
    const { dir, mirrors, commit } = monorepo();
    const app = { id: "a", repo: "owner/repo", commit, subdir: "packages/app/", monorepo: true };
    const dest = path.join(dir, "src");
    const why = await checkout(app, { mirrors, dest, logFile: path.join(dir, "log"), cacheDir: dir });
    expect(why).to.equal(undefined);
    expect(existsSync(path.join(dest, "packages", "data", "list.json"))).to.equal(true);
    expect(appFolder(app, dest)).to.equal(path.join(dest, "packages", "app"));
    expect(existsSync(path.join(appFolder(app, dest), "package.json"))).to.equal(true);
  });

  it("with monorepo, says so when subdir holds no package.json", async () => {
    const { dir, mirrors, commit } = monorepo();
    const app = { id: "a", repo: "owner/repo", commit, subdir: "packages/data", monorepo: true };
    const why = await checkout(app, {
      mirrors,
      dest: path.join(dir, "src"),
      logFile: path.join(dir, "log"),
      cacheDir: dir,
    });
    expect(why).to.match(/could not read commit/);
  });
});
