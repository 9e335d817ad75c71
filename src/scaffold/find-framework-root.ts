import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of the app-framework package this module belongs to: the
 * nearest parent with a package.json named "app-framework" (dist/src/scaffold
 * when built, src/scaffold when run from source).
 *
 * @example
 * const templates = join(findFrameworkRoot(), "templates");
 */
export function findFrameworkRoot(from: string = fileURLToPath(import.meta.url)): string {
  let folder = dirname(from);
  for (let depth = 0; depth < 8; depth++) {
    const manifest = join(folder, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "app-framework") {
      return folder;
    }
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  throw new Error(`No app-framework package.json above ${from}.`);
}
