import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DEPENDENCY_FIELDS } from "./probot-names.js";
import type { Problem } from "./source-types.js";
import { parseJsonWithComments } from "./typescript-module.js";

/** A `paths` entry that sends a name to the top of node_modules: `node_modules/*`, `./node_modules/*`. */
const TOP_OF_NODE_MODULES = /^(?:\.\/)?node_modules\/\*$/;

/**
 * tsconfig.json's `"paths": { "*": ["node_modules/*"] }` sends every import to the top of node_modules, those in
 * the packages' own declarations too. A client package the app declares itself (`@octokit/rest`) then reads the
 * declarations of its @octokit dependencies from there, whatever their major: probot's before (often other majors,
 * whose types did not fit, so that its client was typed `any`), gh-app-kit's after the migration. Reported once,
 * at the first such package in package.json; nothing without one, or without the mapping.
 */
export async function reportWildcardPaths(directory: string, manifestText: string): Promise<Problem[]> {
  const text = await readFile(join(directory, "tsconfig.json"), "utf8").catch(() => undefined);
  if (text === undefined) return [];
  const config = parseJsonWithComments(text) as { compilerOptions?: { paths?: Record<string, unknown> } } | undefined;
  const targets = config?.compilerOptions?.paths?.["*"];
  if (
    !Array.isArray(targets) ||
    !targets.some((target) => typeof target === "string" && TOP_OF_NODE_MODULES.test(target))
  )
    return [];
  const manifest = parseJsonWithComments(manifestText) as Record<string, unknown> | undefined;
  const own = DEPENDENCY_FIELDS.flatMap((field) => {
    const dependencies = manifest?.[field];
    return dependencies && typeof dependencies === "object" ? Object.keys(dependencies) : [];
  }).filter((name) => name.startsWith("@octokit/"));
  if (own.length === 0) return [];
  const names = [...new Set(own)].join(", ");
  const line = manifestText.split("\n").findIndex((row) => row.includes(`"${own[0]}"`)) + 1 || undefined;
  return [
    {
      line,
      message:
        `tsconfig.json's "paths" send every package to node_modules/* ("*"), also the imports in the declarations of ` +
        `the app's own ${names}: they read the @octokit packages at the top of node_modules, probot's before and ` +
        "gh-app-kit's now, of other majors than their own. Their types change: a client that was typed any through " +
        "declarations that did not fit may now be typed, and tsc stop where the code relied on it (TS18046: 'x' is of " +
        "type 'unknown')",
      hint:
        "Fix what tsc shows. Without node_modules/* in paths (TypeScript finds packages by itself), each package " +
        "reads its own dependencies' declarations, and the client is typed as it is now.",
    },
  ];
}
