import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { DEPENDENCY_FIELDS } from "../probot-names.js";

/**
 * Whether an app's file that imports `pkg` gets gh-app-kit's copy of it once installed: the app does not declare it
 * (in the package.json nearest to the file or any above it, up to the app's), so it came with probot, and gh-app-kit's
 * own dependencies bring one (npm places them beside the app's). Never a package gh-app-kit only develops with, which
 * is in its folder when run from a checkout. Files under node_modules resolve as they do.
 */
export function frameworkCopies(
  directory: string,
  frameworkRoot: string,
): (pkg: string, containingFile: string) => boolean {
  const manifest = join(frameworkRoot, "package.json");
  const shipped = new Set(readDeclared(manifest, ["dependencies", "optionalDependencies", "peerDependencies"]));
  const ownTools = new Set(readDeclared(manifest, ["devDependencies"]).filter((name) => !shipped.has(name)));
  const declaredAt = memoized((folder: string) => new Set(readDeclared(join(folder, "package.json"))));
  const installed = memoized((pkg: string) => !ownTools.has(pkg) && installedFolder(frameworkRoot, pkg));
  const undeclared = (pkg: string, containingFile: string) => {
    for (let folder = dirname(normalize(containingFile)); folder.startsWith(directory); folder = dirname(folder)) {
      if (declaredAt(folder).has(pkg)) return false;
      if (folder === directory || dirname(folder) === folder) break;
    }
    return true;
  };
  return (pkg, containingFile) =>
    !/[\\/]node_modules[\\/]/.test(containingFile) && installed(pkg) && undeclared(pkg, containingFile);
}

/** The packages a package.json declares, in any dependency field; none when there is none or it does not parse. */
function readDeclared(path: string, fields: readonly string[] = DEPENDENCY_FIELDS): string[] {
  if (!existsSync(path)) return [];
  try {
    const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    return fields.flatMap((field) => {
      const names = manifest[field];
      return typeof names === "object" && names !== null && !Array.isArray(names) ? Object.keys(names) : [];
    });
  } catch {
    return [];
  }
}

/** Whether `name` is in the node_modules a package at `root` finds it in (its own, or one above). */
function installedFolder(root: string, name: string): boolean {
  for (let folder = root; ; folder = dirname(folder)) {
    if (existsSync(join(folder, "node_modules", name, "package.json"))) return true;
    if (dirname(folder) === folder) return false;
  }
}

function memoized<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, compute(key));
    return known.get(key) as T;
  };
}
