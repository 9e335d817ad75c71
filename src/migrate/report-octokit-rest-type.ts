import semver from "semver";
import { visit } from "recast";
import { readableTree } from "./parse-source.js";
import type { AnyNode, Problem } from "./source-types.js";

/**
 * The app's own @octokit/rest range where it admits no version after 16 (Probot 7 to 9's client was
 * @octokit/rest 15 or 16), else undefined.
 */
export function ownOldOctokitRest(manifest: string): string | undefined {
  let pkg: { dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> };
  try {
    pkg = JSON.parse(manifest) as typeof pkg;
  } catch {
    return undefined;
  }
  const range = pkg.dependencies?.["@octokit/rest"] ?? pkg.devDependencies?.["@octokit/rest"];
  if (typeof range !== "string" || semver.validRange(range) === null) return undefined;
  return semver.intersects(range, ">=17.0.0") ? undefined : range;
}

/**
 * Each type annotation of a TypeScript file that names the `Octokit` class of the app's own
 * @octokit/rest 16 (its default import, or its named `Octokit`): Probot 9's client was one, and the
 * code gave it `context.github`; `context.client` is not one (TS2345 where it is given).
 */
export function reportOctokitRestTypes(file: string, code: string, range: string): Problem[] {
  if (!/\.[cm]?tsx?$/.test(file) || !code.includes("@octokit/rest")) return [];
  const ast = readableTree(file, code);
  if (ast === undefined) return [];
  const names = new Set<string>();
  for (const statement of ast.program.body as AnyNode[]) {
    if (statement.type !== "ImportDeclaration" || statement.source?.value !== "@octokit/rest") continue;
    for (const specifier of (statement.specifiers ?? []) as AnyNode[]) {
      const imported =
        specifier.type === "ImportSpecifier" ? (specifier.imported?.name ?? specifier.imported?.value) : undefined;
      if (specifier.type === "ImportDefaultSpecifier" || imported === "Octokit") names.add(specifier.local.name);
    }
  }
  if (names.size === 0) return [];
  const problems: Problem[] = [];
  const lines = new Set<number | undefined>();
  visit(ast, {
    visitTSTypeReference(path) {
      const node = path.node as AnyNode;
      const line = node.loc?.start.line as number | undefined;
      if (node.typeName?.type === "Identifier" && names.has(node.typeName.name) && !lines.has(line)) {
        lines.add(line);
        problems.push({
          line,
          message: `types a client with ${node.typeName.name as string}, the Octokit class of the app's own @octokit/rest ${range}, which Probot 7 to 9's context.github was: context.client is not one (TS2345 where it is given; authenticate, registerEndpoints, ... missing)`,
          hint: 'Type it as AppClient (import type { AppClient } from "gh-app-kit"); the response types of @octokit/rest 16 it reads may need today\'s (RestEndpointMethodTypes of @octokit/plugin-rest-endpoint-methods).',
        });
      }
      this.traverse(path);
    },
  });
  return problems;
}
