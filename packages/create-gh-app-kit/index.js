#!/usr/bin/env node
// `npm create gh-app-kit my-bot` runs this file with "my-bot": it hands every
// argument to `app new` of the gh-app-kit it depends on, so the two never
// disagree about templates, flags or versions.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The gh-app-kit folder: the installed dependency, else (in a clone) the repository root two levels up. */
function findFramework() {
  try {
    return dirname(createRequire(import.meta.url).resolve("gh-app-kit/package.json"));
  } catch {
    const clone = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
    const manifest = join(clone, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "gh-app-kit") return clone;
    return undefined;
  }
}

const framework = findFramework();
if (framework === undefined) {
  process.stderr.write(
    "Error: gh-app-kit is not installed next to create-gh-app-kit.\nHint: Run npx gh-app-kit new NAME instead.\n",
  );
  process.exit(1);
}
const result = spawnSync(process.execPath, [join(framework, "bin", "run.js"), "new", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
