import { visit } from "recast";
import { isContextType } from "./context-types.js";
import { CONTEXT_RENAMES } from "./probot-names.js";
import { keyName, lineOf, setString, type AnyNode, type Path, type SourceWork } from "./source-types.js";

const CLASS_MEMBERS = new Set([
  "ClassMethod",
  "ClassPrivateMethod",
  "ClassProperty",
  "ClassPrivateProperty",
  "ClassAccessorProperty",
  "MethodDefinition",
  "PropertyDefinition",
  "StaticBlock",
]);

/** The class whose instance `this` is at `path` (through arrow functions), if any. */
export function owningClass(path: Path): AnyNode | undefined {
  for (let at = path.parent as Path | null | undefined; at; at = at.parent as Path | null | undefined) {
    const node = at.node as AnyNode;
    if (CLASS_MEMBERS.has(node.type)) return at.parent?.parent?.node as AnyNode | undefined;
    if (node.type === "ArrowFunctionExpression") continue;
    // A method's function in ESTree's shape sits in a MethodDefinition; any other function has its own `this`.
    if (/Function/.test(node.type) && (at.parent?.node as AnyNode | undefined)?.type !== "MethodDefinition") return;
  }
  return undefined;
}

/** A class member's name as declared or read off `this`: `name`, `"name"`, or `#name` for a private field. */
export function classMemberName(key: AnyNode | null | undefined): string | undefined {
  if (key?.type === "PrivateName") return `#${key.id.name as string}`;
  return keyName(key);
}

const typedMembers = new WeakMap<AnyNode, ReadonlySet<string>>();

/**
 * The members of class `owner` declared with the context's type (by one of `types`, the file's
 * names for it): a property or private field (`#ghContext: Context<T>`), a getter returning it
 * (`get ghContext(): Context<T>`), a constructor's parameter property (`private readonly
 * event: Context`). What `this.<member>` reads there is an event context.
 */
export function contextMembers(owner: AnyNode, types: ReadonlySet<string>): ReadonlySet<string> {
  const known = typedMembers.get(owner);
  if (known) return known;
  const names = new Set<string>();
  for (const member of (owner.body?.body ?? []) as AnyNode[]) {
    if (member.computed) continue;
    const name = classMemberName(member.key);
    if (/Property$/.test(member.type as string)) {
      if (name && isContextType(member.typeAnnotation?.typeAnnotation, types)) names.add(name);
    } else if (member.type === "ClassMethod" && member.kind === "get") {
      if (name && isContextType(member.returnType?.typeAnnotation, types)) names.add(name);
    } else if (member.type === "ClassMethod" && member.kind === "constructor") {
      for (const param of member.params as AnyNode[]) {
        if (param.type !== "TSParameterProperty") continue;
        const id = param.parameter.type === "AssignmentPattern" ? param.parameter.left : param.parameter;
        if (id.type === "Identifier" && isContextType(id.typeAnnotation?.typeAnnotation, types)) names.add(id.name);
      }
    }
  }
  typedMembers.set(owner, names);
  return names;
}

function memberName(node: AnyNode): string | undefined {
  if (node.type !== "MemberExpression" && node.type !== "OptionalMemberExpression") return undefined;
  return node.computed && node.property.type === "Identifier" ? undefined : keyName(node.property);
}

/**
 * Classes of the app's own that copy an event context's client onto their instances
 * (`this.octokit = context.octokit`): wrappers of the context, which the app hands on where a
 * context goes, and where its `context.octokit` is renamed too.
 */
export function findContextWrappers(ast: AnyNode, isContext: (path: Path) => boolean): Set<AnyNode> {
  const found = new Set<AnyNode>();
  visit(ast, {
    visitAssignmentExpression(path) {
      const node = path.node as AnyNode;
      const left = node.left as AnyNode;
      const right = node.right as AnyNode;
      const copied = memberName(left);
      if (
        left.object?.type === "ThisExpression" &&
        copied !== undefined &&
        CONTEXT_RENAMES[copied] !== undefined &&
        CONTEXT_RENAMES[memberName(right) ?? ""] !== undefined &&
        isContext(path.get("right", "object") as Path)
      ) {
        const owner = owningClass(path as Path);
        if (owner) found.add(owner);
      }
      this.traverse(path);
    },
  });
  return found;
}

/**
 * The wrappers' own declarations of a member named as the client (`private readonly octokit: X`,
 * `octokit = null`, `get octokit()`): renamed as the wrappers' `this.octokit` are.
 */
export function renameWrapperMembers(wrappers: ReadonlySet<AnyNode>, log: SourceWork): void {
  for (const owner of wrappers) {
    for (const member of (owner.body?.body ?? []) as AnyNode[]) {
      if (member.computed || !(CLASS_MEMBERS.has(member.type) || member.type === "TSDeclareMethod")) continue;
      const name = keyName(member.key);
      const to = name === undefined ? undefined : CONTEXT_RENAMES[name];
      if (to === undefined) continue;
      if (member.key.type === "Identifier") {
        log.edits.rename(member.key, to);
        member.key.name = to;
      } else setString(member.key, to, log.edits);
      log.changes.push({
        line: lineOf(member),
        text: `${name as string} → ${to} (declared in a class that wraps a context)`,
      });
    }
  }
}

/** `Context.prototype` (or `x.Context.prototype`), whose `octokit` is the client's name, as a value or in `typeof`. */
export function isContextPrototype(node: AnyNode | undefined): boolean {
  const member = node?.type === "MemberExpression" && !node.computed;
  const [object, property] = member ? [node.object, node.property] : [node?.left, node?.right];
  if (!(member || node?.type === "TSQualifiedName") || keyName(property) !== "prototype") return false;
  const name = object?.type === "Identifier" ? object : (object?.property ?? object?.right);
  return keyName(name) === "Context";
}
