import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { DEPENDENCY_FIELDS } from "../probot-names.js";

/** `@scope/name/deep/path` → `@scope/name`; `name/path` → `name`. */
export function packageOf(specifier: string): string {
  return specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
}

/**
 * Whether a package a file imports is one its app does not declare (in the package.json nearest to the file or any
 * above it, up to the app's): such a package came with probot, and once the app is installed with gh-app-kit it is
 * gh-app-kit's copy (npm places a dependency's dependencies beside the app's), not the one probot brought.
 */
export function undeclaredIn(directory: string): (name: string, containingFile: string) => boolean {
  const byFolder = new Map<string, ReadonlySet<string>>();
  const declaredAt = (folder: string): ReadonlySet<string> => {
    let names = byFolder.get(folder);
    if (!names) {
      names = new Set(readDeclared(join(folder, "package.json")));
      byFolder.set(folder, names);
    }
    return names;
  };
  return (name, containingFile) => {
    for (let folder = dirname(normalize(containingFile)); folder.startsWith(directory); folder = dirname(folder)) {
      if (declaredAt(folder).has(name)) return false;
      if (folder === directory || dirname(folder) === folder) break;
    }
    return true;
  };
}

/** The packages a package.json declares, in any dependency field; none when there is none or it does not parse. */
export function readDeclared(path: string, fields: readonly string[] = DEPENDENCY_FIELDS): string[] {
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

/** The folder of `name` in the node_modules a package at `root` finds it in (its own, or one above), if any. */
export function installedFolder(root: string, name: string): string | undefined {
  for (let folder = root; ; folder = dirname(folder)) {
    const candidate = join(folder, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(folder) === folder) return undefined;
  }
}
