import { visit } from "recast";
import type { AnyNode, Path } from "./source-types.js";

/** True for an identifier that refers to a binding, false for a property name, key or label. */
export function isReference(path: Path): boolean {
  const parent = path.parent?.node as AnyNode | undefined;
  const field = path.name as string;
  if (!parent) return true;
  switch (parent.type) {
    case "MemberExpression":
    case "OptionalMemberExpression":
      return field !== "property" || parent.computed;
    case "ObjectProperty":
    case "Property":
    case "ObjectMethod":
    case "ClassProperty":
    case "ClassMethod":
    case "ClassPrivateProperty":
    case "TSPropertySignature":
    case "TSMethodSignature":
      return field !== "key" || parent.computed;
    case "TSQualifiedName":
      return field !== "right";
    case "ExportSpecifier":
      // export { Probot }: the local name is a reference, the exported one is not.
      return field === "local";
    case "ImportSpecifier":
    case "ImportDefaultSpecifier":
    case "ImportNamespaceSpecifier":
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
    case "MetaProperty":
      return false;
    default:
      return true;
  }
}

/** Every name the file uses, read before any change. */
export function collectIdentifierNames(ast: AnyNode): Set<string> {
  const names = new Set<string>();
  visit(ast, {
    visitIdentifier(path) {
      names.add((path.node as AnyNode).name);
      this.traverse(path);
    },
  });
  return names;
}
