import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { visit } from "recast";
import { readableTree } from "./parse-source.js";
import type { AnyNode, Problem } from "./source-types.js";
import { parseJsonWithComments } from "./typescript-module.js";

/** What es5Target answers for a tsconfig.json that sets no target and extends no other. */
export const DEFAULT_TARGET = "";

/**
 * tsconfig.json's `target` where it is ES3 or ES5 (as written), or DEFAULT_TARGET where it sets none
 * and extends no other (TypeScript's default: ES3, ES5 since TypeScript 5), else undefined (a later
 * one, one that may come from another file, or one that does not parse). Such output compiles
 * `super(...)` to `Base.call(this, ...)`.
 */
export async function es5Target(directory: string): Promise<string | undefined> {
  const text = await readFile(join(directory, "tsconfig.json"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const config = parseJsonWithComments(text) as
    { extends?: unknown; compilerOptions?: { target?: unknown } } | undefined;
  if (config === undefined || config === null || typeof config !== "object") return undefined;
  const target = config.compilerOptions?.target;
  if (target === undefined) return config.extends === undefined ? DEFAULT_TARGET : undefined;
  return typeof target === "string" && /^es[35]$/i.test(target) ? target : undefined;
}

/**
 * Each class of a TypeScript file that extends a class imported from probot, where the app compiles to ES5:
 * Probot's own output was ES5, so `Context.call(this, ...)` worked; the framework's classes are ES2015
 * classes, and calling one without `new` throws.
 */
export function reportEs5Subclasses(file: string, code: string, target: string): Problem[] {
  if (!/\.[cm]?tsx?$/.test(file) || !/\bextends\b/.test(code) || !/["']probot["']/.test(code)) return [];
  const ast = readableTree(file, code);
  if (ast === undefined) return [];
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const statement of ast.program.body as AnyNode[]) {
    if (statement.type !== "ImportDeclaration" || statement.source?.value !== "probot") continue;
    for (const specifier of (statement.specifiers ?? []) as AnyNode[]) {
      (specifier.type === "ImportNamespaceSpecifier" ? namespaces : names).add(specifier.local.name);
    }
  }
  if (names.size + namespaces.size === 0) return [];
  const problems: Problem[] = [];
  const report = (node: AnyNode) => {
    const base = node.superClass as AnyNode | null;
    if (!base) return;
    const baseName =
      base.type === "Identifier" && names.has(base.name)
        ? base.name
        : base.type === "MemberExpression" &&
            base.object?.type === "Identifier" &&
            namespaces.has(base.object.name) &&
            base.property?.type === "Identifier"
          ? `${base.object.name}.${base.property.name}`
          : undefined;
    if (!baseName) return;
    const name = node.id?.name ?? "a class";
    const written =
      target === DEFAULT_TARGET
        ? 'tsconfig.json sets no "target" (TypeScript\'s default: ES3, ES5 since TypeScript 5)'
        : `tsconfig.json has "target": "${target}"`;
    problems.push({
      line: node.loc?.start.line,
      message: `${name} extends ${baseName}, and ${written}: compiled to ES5, its super() calls ${baseName} without new, which throws (Class constructor cannot be invoked without 'new'); Probot's own classes were ES5 functions`,
      hint: 'Set "target" to "es2015" or later in tsconfig.json (Node 20 runs ES2022), so that the class stays a class.',
    });
  };
  visit(ast, {
    visitClassDeclaration(path) {
      report(path.node as AnyNode);
      this.traverse(path);
    },
    visitClassExpression(path) {
      report(path.node as AnyNode);
      this.traverse(path);
    },
  });
  return problems;
}
