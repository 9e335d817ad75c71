import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { SOURCE_EXTENSIONS } from "./parse-source.js";

const ALWAYS_SKIPPED = new Set(["node_modules", ".git", "coverage", ".nyc_output"]);

export function findSourceFiles(root: string): Promise<string[]> {
  return findAppFiles(root, (name) => SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)));
}

/** The `package.json` files of the app's folders (not its own, nor those under node_modules). */
export async function findNestedManifests(root: string): Promise<string[]> {
  return (await findAppFiles(root, (name) => name === "package.json")).filter((file) => file !== "package.json");
}

/** The app's files whose name `accept` takes, skipping node_modules, dot folders and ignored folders. */
async function findAppFiles(root: string, accept: (name: string) => boolean): Promise<string[]> {
  const ignored = await readIgnoredFolders(root);
  const files: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    if (depth > 20) return;
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const name = relative(root, path).split("\\").join("/");
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED.has(entry.name) || entry.name.startsWith(".") || ignored.has(name)) continue;
        await walk(path, depth + 1);
      } else if (entry.isFile() && accept(entry.name) && !ignored.has(name)) {
        files.push(name);
      }
    }
  };
  await walk(root, 0);
  return files.sort();
}

/** Plain folder names only: enough to skip build output without a full gitignore matcher. */
async function readIgnoredFolders(root: string): Promise<Set<string>> {
  const text = await readFile(join(root, ".gitignore"), "utf8").catch(() => "");
  const names = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/^\//, "").replace(/\/$/, "");
    if (line && !line.startsWith("#") && !/[*?![\]\\]/.test(line)) names.add(line);
  }
  return names;
}
