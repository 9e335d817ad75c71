import { readdir, readFile, readlink, realpath, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { SOURCE_EXTENSIONS } from "./parse-source.js";

const ALWAYS_SKIPPED = new Set(["node_modules", ".git", "coverage", ".nyc_output"]);

/** The app's JavaScript and TypeScript files; with `links`, the links met on the way are added to it (not followed). */
export function findSourceFiles(root: string, links?: string[]): Promise<string[]> {
  return findAppFiles(root, (name) => SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)), links);
}

/** The app's jest snapshot files (`__snapshots__/*.snap`). */
export function findSnapshotFiles(root: string): Promise<string[]> {
  return findAppFiles(root, (name) => name.endsWith(".snap")).then((files) =>
    files.filter((file) => /(^|\/)__snapshots__\/[^/]+\.snap$/.test(file)),
  );
}

/** The `package.json` files of the app's folders (not its own, nor those under node_modules). */
export async function findNestedManifests(root: string): Promise<string[]> {
  return (await findAppFiles(root, (name) => name === "package.json")).filter((file) => file !== "package.json");
}

/**
 * Of the links `findSourceFiles` met, those to files or folders outside the app that name probot: the walk does not
 * follow links (a file inside the app is read at its own place), and a file outside the app is not
 * the app's to change, so each is listed instead of being skipped unseen.
 */
export async function findOutsideLinks(
  root: string,
  links: readonly string[],
): Promise<Array<{ file: string; target: string }>> {
  const home = await realpath(root);
  const found: Array<{ file: string; target: string }> = [];
  for (const file of links) {
    const path = join(root, file);
    const real = await realpath(path).catch(() => undefined);
    if (!real || real === home || real.startsWith(home + sep)) continue;
    const isFolder = (await stat(real)).isDirectory();
    const sources = isFolder
      ? await findSourceFiles(real)
      : SOURCE_EXTENSIONS.some((ext) => real.endsWith(ext))
        ? [""]
        : [];
    const texts = await Promise.all(sources.map((name) => readFile(join(real, name), "latin1").catch(() => "")));
    if (texts.some((text) => text.includes("probot"))) found.push({ file, target: await readlink(path) });
  }
  return found;
}

/** The app's files whose name `accept` takes, skipping node_modules, dot folders and ignored folders. */
async function findAppFiles(root: string, accept: (name: string) => boolean, links?: string[]): Promise<string[]> {
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
      } else if (entry.isSymbolicLink() && links && !ALWAYS_SKIPPED.has(entry.name) && !ignored.has(name)) {
        links.push(name);
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
