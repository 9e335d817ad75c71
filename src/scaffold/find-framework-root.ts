import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Searched upwards: this file is in dist/src/scaffold when built, src/scaffold from source. */
export function findFrameworkRoot(from: string = fileURLToPath(import.meta.url)): string {
  let folder = dirname(from);
  for (let depth = 0; depth < 8; depth++) {
    const manifest = join(folder, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "gh-app-kit"
    ) {
      return folder;
    }
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  throw new Error(`No gh-app-kit package.json above ${from}.`);
}
