import { visit } from "recast";
import type { ModuleReferences } from "./module-bindings.js";
import { OPTION_RENAMES } from "./probot-names.js";
import { renameKeys } from "./rename-option-keys.js";
import { declaringScope } from "./scope-lookup.js";
import type { AnyNode, Path, SourceWork } from "./source-types.js";

const FUNCTIONS = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "ObjectMethod",
  "ClassMethod",
  "ClassPrivateMethod",
]);

/**
 * Objects typed with Probot's `Options` are options for `new Probot(...)` wherever they are built
 * (a helper of the tests that returns them, a variable passed on later), so their keys are renamed
 * as in the call: `const o: Options = {...}`, `{...} as Options`, `{...} satisfies Options`, and
 * what a function whose return type is `Options` returns.
 */
export function renameTypedOptionKeys(ast: AnyNode, refs: ModuleReferences, log: SourceWork): void {
  const locals = refs.names.filter((n) => n.imported === "Options" && n.local !== "");
  if (locals.length + refs.namespaces.length === 0) return;
  const isOptions = (annotation: AnyNode | null | undefined, path: Path): boolean => {
    const type = annotation?.type === "TSTypeAnnotation" ? annotation.typeAnnotation : annotation;
    if (type?.type !== "TSTypeReference") return false;
    const name = type.typeName as AnyNode;
    if (name.type === "Identifier")
      return locals.some((l) => l.local === name.name && declaringScope(path, l.local) === l.scope);
    return (
      name.type === "TSQualifiedName" &&
      name.left.type === "Identifier" &&
      name.right.name === "Options" &&
      refs.namespaces.some((n) => n.local === name.left.name && declaringScope(path, n.local) === n.scope)
    );
  };
  const rename = (value: AnyNode | null | undefined) => renameKeys(unwrap(value), OPTION_RENAMES, log);
  visit(ast, {
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (isOptions(node.id.typeAnnotation, path as Path)) rename(node.init);
      this.traverse(path);
    },
    visitTSAsExpression(path) {
      const node = path.node as AnyNode;
      if (isOptions(node.typeAnnotation, path as Path)) rename(node.expression);
      this.traverse(path);
    },
    visitTSSatisfiesExpression(path) {
      const node = path.node as AnyNode;
      if (isOptions(node.typeAnnotation, path as Path)) rename(node.expression);
      this.traverse(path);
    },
    visitFunction(path) {
      const node = path.node as AnyNode;
      if (isOptions(node.returnType, path as Path)) {
        if (node.body.type !== "BlockStatement") rename(node.body);
        else for (const value of returnedValues(node.body)) rename(value);
      }
      this.traverse(path);
    },
  });
}

/** The object past parentheses and TypeScript's `as`, `satisfies` and `!`. */
function unwrap(value: AnyNode | null | undefined): AnyNode | undefined {
  let at = value ?? undefined;
  while (at && /^TS(As|Satisfies|NonNull)Expression$|^ParenthesizedExpression$/.test(at.type)) at = at.expression;
  return at;
}

/** The arguments of the return statements of a function's own body (not of the functions inside it). */
function returnedValues(body: AnyNode): AnyNode[] {
  const values: AnyNode[] = [];
  const walk = (node: AnyNode | null | undefined): void => {
    if (!node || typeof node.type !== "string" || FUNCTIONS.has(node.type)) return;
    if (node.type === "ReturnStatement") {
      if (node.argument) values.push(node.argument as AnyNode);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === "loc" || key === "comments" || key === "leadingComments" || key === "trailingComments") continue;
      if (Array.isArray(child)) for (const item of child) walk(item as AnyNode);
      else if (child && typeof child === "object") walk(child as AnyNode);
    }
  };
  for (const statement of body.body as AnyNode[]) walk(statement);
  return values;
}
