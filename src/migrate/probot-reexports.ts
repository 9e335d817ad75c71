import { readableTree } from "./parse-source.js";
import { EXPORT_RENAMES, PROBOT_MODULE } from "./probot-names.js";
import type { ModuleReferences } from "./module-bindings.js";
import {
  keyName,
  MEMBER_DOT,
  specifierText,
  TOKEN_GAP,
  type AnyNode,
  type Path,
  type ProbotAliases,
} from "./source-types.js";

/** `export * from` or `module.exports`, whatever stands between their tokens. */
const HANDS_ON = new RegExp(String.raw`export${TOKEN_GAP}\*|module${MEMBER_DOT}exports`);

/**
 * The app's own modules that hand on all of probot (`export * from "probot"`, `module.exports = { ...require("probot"),
 * createLambdaFunction }`, as Probot's Lambda adapter): a file that takes Probot's names from one of them
 * (`const { Probot } = require("../index")`) gets them renamed as from probot itself, since after the
 * migration that module hands on gh-app-kit's. Each such module maps to the names it defines itself.
 */
export function findProbotReExports(files: ReadonlyArray<[file: string, code: string]>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [file, code] of files) {
    if (!code.includes(PROBOT_MODULE) || !HANDS_ON.test(code)) continue;
    const program = readableTree(file, code)?.program as AnyNode | undefined;
    if (program === undefined) continue;
    const own = reExportedBeside(program.body as AnyNode[]);
    if (own) found.set(file, own);
  }
  return found;
}

/** The names a module defines beside all of probot, if it hands on all of probot. */
function reExportedBeside(body: AnyNode[]): Set<string> | undefined {
  const bound = new Set<string>(); // const probot = require("probot")
  const own = new Set<string>();
  let all = false;
  for (const statement of body) {
    if (statement.type === "VariableDeclaration")
      for (const declarator of statement.declarations as AnyNode[])
        if (declarator.id.type === "Identifier" && isRequireOfProbot(declarator.init)) bound.add(declarator.id.name);
    if (statement.type === "ExportAllDeclaration" && !statement.exported)
      all ||= specifierText(statement.source) === PROBOT_MODULE;
    if (statement.type === "ExportNamedDeclaration") for (const name of exportedNames(statement)) own.add(name);
    const exported = moduleExportsValue(statement);
    if (exported === undefined) continue;
    if (isRequireOfProbot(exported)) all = true;
    if (exported.type !== "ObjectExpression") continue;
    for (const property of exported.properties as AnyNode[]) {
      if (property.type === "SpreadElement") {
        const argument = property.argument as AnyNode;
        all ||= isRequireOfProbot(argument) || (argument.type === "Identifier" && bound.has(argument.name));
      } else if (!property.computed && keyName(property.key) !== undefined) own.add(keyName(property.key) as string);
    }
  }
  return all ? own : undefined;
}

function exportedNames(statement: AnyNode): string[] {
  const declaration = statement.declaration as AnyNode | null;
  if (declaration?.type === "VariableDeclaration")
    return (declaration.declarations as AnyNode[]).flatMap((d) => (d.id.type === "Identifier" ? [d.id.name] : []));
  if (declaration?.id?.type === "Identifier") return [declaration.id.name as string];
  return ((statement.specifiers ?? []) as AnyNode[]).flatMap((s) => keyName(s.exported) ?? []);
}

/** `module.exports = value`: the value. */
function moduleExportsValue(statement: AnyNode): AnyNode | undefined {
  const expression = statement.type === "ExpressionStatement" ? (statement.expression as AnyNode) : undefined;
  if (expression?.type !== "AssignmentExpression" || expression.operator !== "=") return undefined;
  const left = expression.left as AnyNode;
  const isModuleExports =
    left.type === "MemberExpression" &&
    !left.computed &&
    left.object.type === "Identifier" &&
    left.object.name === "module" &&
    keyName(left.property) === "exports";
  return isModuleExports ? (expression.right as AnyNode) : undefined;
}

function isRequireOfProbot(node: AnyNode | null | undefined): boolean {
  return (
    node?.type === "CallExpression" &&
    node.callee.type === "Identifier" &&
    node.callee.name === "require" &&
    specifierText(node.arguments[0]) === PROBOT_MODULE
  );
}

/**
 * An import or require of such a module (`const { createLambdaFunction, Probot } = require("../index")`): of the
 * names it takes (`collect`, as from probot), only Probot's renamed ones that the module does not define itself
 * are kept. The module stays as it is named; a namespace of it is left alone.
 */
export function takeReExported(
  path: Path,
  own: ReadonlySet<string>,
  refs: ModuleReferences,
  collect: () => void,
): void {
  const node = path.node as AnyNode;
  const named =
    node.type === "ImportDeclaration" && (node.specifiers as AnyNode[]).every((s) => s.type === "ImportSpecifier");
  if (!named && node.type !== "CallExpression") return;
  const [names, namespaces, expressions] = [refs.names.length, refs.namespaces.length, new Set(refs.moduleExpressions)];
  collect();
  refs.namespaces.length = namespaces;
  for (const expression of refs.moduleExpressions)
    if (!expressions.has(expression)) refs.moduleExpressions.delete(expression);
  const taken = refs.names.splice(names);
  refs.names.push(...taken.filter(({ imported }) => EXPORT_RENAMES[imported] !== undefined && !own.has(imported)));
}

/** For each file, the aliases of the modules it names (`resolve`: the app's file a specifier names, if any). */
export function probotAliases(
  reExports: ReadonlyMap<string, ReadonlySet<string>>,
  resolve: (from: string, module: string) => string | undefined,
): (file: string) => ProbotAliases | undefined {
  if (reExports.size === 0) return () => undefined;
  return (file) => (specifier) => {
    const target = resolve(file, specifier);
    return target === undefined || target === file ? undefined : reExports.get(target);
  };
}
