import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { track } from "./children.js";

const BUILD_TIMEOUT_MS = 5 * 60_000;

/**
 * Builds the framework (`tsc -p tsconfig.json` at the repo root) so `app`
 * runs the current sources. tsc writes dist/ even when it reports type
 * errors, so those only produce a warning; a build that emits nothing is
 * reported as such and the framework is left out of the run.
 *
 * @example
 * const build = await buildFramework(repo); // { ok: true, ms: 21000, output: "" }
 */
export async function buildFramework(repo) {
  const tsc = join(repo, "node_modules/typescript/bin/tsc");
  if (!existsSync(tsc))
    return { ok: false, ms: 0, output: "typescript is not installed at the repo root: run `npm ci` there" };
  const started = Date.now();
  const { code, output } = await new Promise((resolve) => {
    const child = track(
      spawn(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: repo, stdio: ["ignore", "pipe", "pipe"] }),
    );
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.stderr.on("data", (chunk) => (text += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS);
    child.once("close", (exit) => {
      clearTimeout(timer);
      resolve({ code: exit, output: text });
    });
  });
  return { ok: code === 0, ms: Date.now() - started, output: output.trim().split("\n").slice(0, 5).join("\n") };
}
