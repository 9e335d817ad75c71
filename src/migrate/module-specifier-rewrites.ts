import { visit } from "recast";
import {
  EXPORT_RENAMES,
  FRAMEWORK_EXPORTS,
  FRAMEWORK_MODULE,
  ONE_VALUE_MODULES,
  PROBOT_MODULE,
} from "./probot-names.js";
import { takesOnly } from "./module-calls.js";
import { lineOf, setString, type AnyNode, type Path, type SourceEdits, type SourceWork } from "./source-types.js";

/** Probot's CommonJS module imported as a default; gh-app-kit has no default export, so the namespace stands for it. */
export function namespaceForDefault(declaration: AnyNode, specifier: AnyNode, log: SourceWork): void {
  const local = specifier.local.name as string;
  if (declaration.specifiers.length === 1) {
    log.edits.replace(specifier, `* as ${local}`);
    log.changes.push({
      line: lineOf(specifier),
      text: `import ${local} → import * as ${local} (no default export here)`,
    });
    return;
  }
  log.problems.push({
    line: lineOf(specifier),
    message: `imports the default export of "${PROBOT_MODULE}" as ${local}, which gh-app-kit does not have`,
    hint: `Import the module as a namespace in a declaration of its own: import * as ${local} from "${FRAMEWORK_MODULE}".`,
  });
}

/**
 * `import { Context } from "probot/lib/context"`, `const { GitHubAPI } = require("probot/lib/github")`:
 * fine from the root when every name taken exists there.
 */
export function rewriteDeepImport(path: Path, literal: AnyNode, name: string, edits: SourceEdits): boolean {
  const node = path.node as AnyNode;
  if (node.type === "ImportDeclaration" && node.specifiers.length === 0) return false;
  const allPublic = takesOnly(path, literal, (taken) => FRAMEWORK_EXPORTS.has(renamedExport(taken)));
  if (!allPublic || !name.startsWith(`${PROBOT_MODULE}/lib/`)) return false;
  setString(literal, FRAMEWORK_MODULE, edits);
  return true;
}

export function renamedExport(name: string): string {
  return EXPORT_RENAMES[name] ?? name;
}

const ONE_VALUE_EXPORTS: ReadonlySet<string> = new Set([...ONE_VALUE_MODULES.values()].map((one) => one.exported));

/**
 * A module that is one value, bound whole: `const Context = require("probot/lib/context")`, `import
 * Context from "probot/lib/context"` (Probot 6, as probot/attachments' tests), `const adapt =
 * require("probot-actions-adapter")`: the value by its name from gh-app-kit's entry. A binding read as
 * a namespace (`lib.Context`, Probot 7 to 9), or used where its entry's function would take another
 * argument, is left to the report.
 */
export function rewriteClassModule(path: Path, literal: AnyNode, name: string, log: SourceWork): boolean {
  const one = ONE_VALUE_MODULES.get(name);
  if (one === undefined || (one.entry === FRAMEWORK_MODULE && !FRAMEWORK_EXPORTS.has(one.exported))) return false;
  const { exported, entry } = one;
  const node = path.node as AnyNode;
  let binding: AnyNode | undefined;
  if (node.type === "ImportDeclaration") {
    const [only, ...rest] = node.specifiers as AnyNode[];
    if (rest.length === 0 && only?.type === "ImportDefaultSpecifier") binding = only;
  } else if (node.type === "CallExpression") {
    const declarator = path.parent?.node as AnyNode | undefined;
    if (declarator?.type === "VariableDeclarator" && declarator.init === node && declarator.id.type === "Identifier")
      binding = declarator.id;
  }
  const local = (binding?.type === "ImportDefaultSpecifier" ? binding.local.name : binding?.name) as string | undefined;
  if (binding === undefined || local === undefined || readsMembers(rootOf(path), local)) return false;
  if (one.oneArgument && !calledWithOneArgument(rootOf(path), local)) return false;
  if (one.called && !isCalled(rootOf(path), local)) return false;
  log.edits.replace(
    binding,
    local === exported
      ? `{ ${exported} }`
      : `{ ${exported}${node.type === "ImportDeclaration" ? " as " : ": "}${local} }`,
  );
  setString(literal, entry, log.edits);
  log.changes.push({ line: lineOf(literal), text: `"${name}" → "${entry}"${one.what ? ` (${one.what})` : ""}` });
  return true;
}

function rootOf(path: Path): AnyNode {
  let top = path;
  while (top.parentPath) top = top.parentPath as Path;
  return top.value as AnyNode; // the tree the visit began at (its path has no node of its own above)
}

/**
 * Whether every other use of `name` calls it with one argument (`adapt(app)`): not handed on, not
 * given a second app (`adapt(appA, appB)`), which the entry's function would take for its options.
 */
function calledWithOneArgument(ast: AnyNode, name: string): boolean {
  let other = false;
  visit(ast, {
    visitIdentifier(identifier) {
      const parent = identifier.parent?.node as AnyNode | undefined;
      const node = identifier.node as AnyNode;
      if (node.name !== name || !parent) return false;
      const isKey =
        (/^(Object|Class)?Property$|^ObjectMethod$/.test(parent.type as string) &&
          parent.key === node &&
          !parent.computed &&
          parent.value !== node) ||
        (/MemberExpression$/.test(parent.type as string) && parent.property === node && !parent.computed);
      const isBinding =
        (parent.type === "VariableDeclarator" && parent.id === node) ||
        /^Import(Default)?Specifier$/.test(parent.type as string);
      const isCall =
        parent.type === "CallExpression" &&
        parent.callee === node &&
        parent.arguments.length === 1 &&
        (parent.arguments[0] as AnyNode).type !== "SpreadElement";
      if (!isKey && !isBinding && !isCall) other = true;
      return false;
    },
  });
  return !other;
}

/** Whether the code calls `name` itself (`createProbot({})`). */
function isCalled(ast: AnyNode, name: string): boolean {
  let found = false;
  visit(ast, {
    visitCallExpression(call) {
      const callee = call.node.callee as AnyNode;
      if (callee.type === "Identifier" && callee.name === name) found = true;
      this.traverse(call);
    },
  });
  return found;
}

/** Whether the code reads a member of `name` (`lib.Context`): the module as a namespace. */
function readsMembers(ast: AnyNode, name: string): boolean {
  let found = false;
  visit(ast, {
    visitMemberExpression(member) {
      const object = member.node.object as AnyNode;
      if (object.type === "Identifier" && object.name === name) found = true;
      this.traverse(member);
    },
  });
  return found;
}

/** `Context` → `{ Context }`, `Ctx` → `{ Context: Ctx }` (or `{ Context as Ctx }`): rewriteClassModule's one change of kind. */
export function isClassModuleBinding(before: AnyNode, after: AnyNode): boolean {
  const exported = ONE_VALUE_EXPORTS;
  if (before.type === "Identifier" && after.type === "ObjectPattern") {
    const [only, ...rest] = after.properties as AnyNode[];
    return (
      rest.length === 0 &&
      only?.type === "ObjectProperty" &&
      !only.computed &&
      exported.has(only.key.name as string) &&
      only.value.type === "Identifier" &&
      only.value.name === before.name
    );
  }
  if (before.type === "ImportDefaultSpecifier" && after.type === "ImportSpecifier")
    return exported.has(after.imported.name as string) && after.local.name === before.local.name;
  return false;
}

/** `/// <reference types="probot" />`: up to the quote that opens the package's name. */
const TYPES_REFERENCE = new RegExp(`^(/\\s*<reference\\s+types\\s*=\\s*)(["'])${PROBOT_MODULE}\\2`);

/** A triple-slash directive that pulls in probot's declarations by the package's name: it names gh-app-kit's. */
export function rewriteTypesReferences(ast: AnyNode, log: SourceWork): void {
  for (const comment of (ast.comments ?? []) as AnyNode[]) {
    const match = comment.type === "CommentLine" ? TYPES_REFERENCE.exec(comment.value as string) : null;
    if (!match) continue;
    // The comment's text starts after its "//"; the name, after the directive's opening and its quote.
    const start = (comment.start as number) + 2 + match[1]!.length + 1;
    log.edits.replace({ type: "StringLiteral", start, end: start + PROBOT_MODULE.length }, FRAMEWORK_MODULE);
    log.changes.push({
      line: lineOf(comment),
      text: `/// <reference types="${PROBOT_MODULE}" /> → "${FRAMEWORK_MODULE}"`,
    });
  }
}
