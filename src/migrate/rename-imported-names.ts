import { visit } from "recast";
import type { ModuleReferences } from "./find-module-references.js";
import { isReference } from "./identifier-roles.js";
import { declaringScope } from "./scope-lookup.js";
import { EXPORT_RENAMES, FRAMEWORK_EXPORTS, MISSING_EXPORTS, renameText } from "./probot-names.js";
import {
  keyName,
  lineOf,
  setString,
  specifierText,
  type AnyNode,
  type CallSite,
  type Path,
  type SourceEdits,
  type SourceWork,
} from "./source-types.js";

/** A local name already taken keeps its old name as an alias. */
export function renameImportedNames(
  ast: AnyNode,
  refs: ModuleReferences,
  log: SourceWork,
  taken: ReadonlySet<string>,
): { calls: CallSite[]; renamed: Map<string, string> } {
  // local name → { scope node, Probot name, new local name }
  const locals = new Map<
    string,
    Array<{ scope: AnyNode | null; imported: string; rename?: string; fromAdapter: boolean }>
  >();
  // Declarations change after the references: scopes are read from the names as they were.
  const renameHolders: Array<() => void> = [];
  const renamed = new Map<string, string>();
  // new local name → the Probot name that took it: ProbotOctokit and ProbotOctokitCore both become AppClient.
  const claimed = new Map<string, string>();
  for (const name of refs.names) {
    const entry: { scope: AnyNode | null; imported: string; rename?: string; fromAdapter: boolean } = {
      scope: name.scope,
      imported: name.imported,
      fromAdapter: refs.fromAdapter.has(name),
    };
    const target = EXPORT_RENAMES[name.imported];
    const holder = name.holder;
    const line = lineOf(holder);
    if (holder === null) {
      // const P = require("probot").Probot: the member is renamed where it is written; P is followed to its calls.
      locals.set(name.local, [...(locals.get(name.local) ?? []), entry]);
      continue;
    }
    if (name.keyOnly) {
      renameExport(holder.key, name.imported, log, holder.key.type !== "Identifier");
      continue;
    }
    if (MISSING_EXPORTS[name.imported]) {
      log.problems.push(
        name.esValueImport
          ? failsToLoad(line, `Probot's ${name.imported}`, name.imported, MISSING_EXPORTS[name.imported] as string)
          : { line, message: `uses Probot's ${name.imported}`, hint: MISSING_EXPORTS[name.imported] as string },
      );
    } else if (target) {
      const renameLocal =
        name.local === name.imported && !taken.has(target) && (claimed.get(target) ?? name.imported) === name.imported;
      if (renameLocal) claimed.set(target, name.imported);
      renameHolders.push(() => renameHolder(holder, target, renameLocal, log.edits));
      if (renameLocal) {
        entry.rename = target;
        renamed.set(name.local, target);
      }
      log.changes.push({
        line,
        text: renameText(name.imported, target, renameLocal ? undefined : `the local name ${name.local} is kept`),
      });
    } else if (name.imported === "Octokit" && octokitTypeNames(ast, name.local).length > 0) {
      // Probot 9's re-export of @octokit/rest 16's namespace, read for its types alone.
      log.problems.push(probot9OctokitTypes(line, octokitTypeNames(ast, name.local)));
    } else if (!FRAMEWORK_EXPORTS.has(name.imported)) {
      const hint = "Remove it or replace it; docs/migrating.md lists gh-app-kit's exports.";
      log.problems.push(
        name.esValueImport
          ? failsToLoad(line, `${name.imported} from "probot"`, name.imported, hint)
          : { line, message: `imports ${name.imported} from "probot", which gh-app-kit does not export`, hint },
      );
    }
    locals.set(name.local, [...(locals.get(name.local) ?? []), entry]);
  }
  const calls: CallSite[] = [];
  visit(ast, {
    visitIdentifier(path) {
      const node = path.node as AnyNode;
      const entries = locals.get(node.name as string);
      if (entries && isReference(path as Path)) {
        const scope = declaringScope(path as Path, node.name);
        const entry = entries.find((e) => e.scope === scope);
        if (entry) onReference(path as Path, entry.imported, entry.rename, calls, log, entry.fromAdapter);
      }
      this.traverse(path);
    },
    visitMemberExpression(path) {
      const node = path.node as AnyNode;
      const property = node.property as AnyNode;
      // probot.Probot, or probot["Probot"]
      const imported = node.computed ? specifierText(property) : (property.name as string);
      if (imported !== undefined && !refs.promiseMembers.has(node) && isWholeModule(path.get("object") as Path, refs)) {
        if (imported === "default") reportDefaultExport(node, log);
        else renameExport(property, imported, log, node.computed as boolean);
        onReference(path as Path, imported, undefined, calls, log, isAdapterModule(path.get("object") as Path, refs));
      }
      this.traverse(path);
    },
    // An export named by a string beside the module: jest.spyOn(probot, "run"), sinon.stub(probot, "createProbot").
    visitCallExpression(path) {
      const key = ((path.node as AnyNode).arguments as AnyNode[])[1];
      const named = specifierText(key);
      if (named !== undefined && isWholeModule(path.get("arguments", 0) as Path, refs))
        renameExport(key!, named, log, true);
      this.traverse(path);
    },
    visitTSQualifiedName(path) {
      const node = path.node as AnyNode;
      if (isWholeModule(path.get("left") as Path, refs)) renameExport(node.right, node.right.name, log);
      this.traverse(path);
    },
    visitTSImportType(path) {
      const node = path.node as AnyNode;
      if (refs.moduleExpressions.has(node) && node.qualifier) {
        const first = node.qualifier.type === "TSQualifiedName" ? leftmost(node.qualifier) : node.qualifier;
        renameExport(first, first.name, log);
      }
      this.traverse(path);
    },
  });
  for (const rename of renameHolders) rename();
  return { calls, renamed };
}

/**
 * A name gh-app-kit lacks, in a value ES import: Node refuses to link the file ("does not provide an
 * export named"), so none of it runs, where `require` gives undefined and only the code using it fails.
 * A test runner that loads every file in one process (mocha) then runs no test at all.
 */
function failsToLoad(
  line: number,
  what: string,
  name: string,
  hint: string,
): { line: number; message: string; hint: string } {
  return {
    line,
    message: `uses ${what}, imported by name: this ES module then fails to load as a whole (gh-app-kit does not export ${name}), and under mocha, which loads every test file in one process, no test runs`,
    hint: `Take ${name} out of the import, and out of the code that uses it. ${hint}`,
  };
}

/** @octokit/rest 16's generated type names (`ProjectsListForRepoResponse`, `IssuesCreateParams`) read from `local`. */
function octokitTypeNames(ast: AnyNode, local: string): string[] {
  const names: string[] = [];
  visit(ast, {
    visitTSQualifiedName(path) {
      const node = path.node as AnyNode;
      const right = keyName(node.right) ?? "";
      if (node.left.type === "Identifier" && node.left.name === local && /(Response|Params)/.test(right)) {
        const name = `Octokit.${right}`;
        if (!names.includes(name)) names.push(name);
      }
      return false;
    },
  });
  return names;
}

/** @octokit/rest 16's namespaces, whose names begin its generated type names. */
const REST_16_NAMESPACES = [
  "Actions",
  "Activity",
  "Apps",
  "Checks",
  "CodesOfConduct",
  "Emojis",
  "Gists",
  "Gitignore",
  "Git",
  "Interactions",
  "Issues",
  "Licenses",
  "Markdown",
  "Meta",
  "Migrations",
  "OauthAuthorizations",
  "Orgs",
  "Projects",
  "Pulls",
  "RateLimit",
  "Reactions",
  "Repos",
  "Search",
  "Teams",
  "Users",
];
const SHOWN_TYPES = 3;

/** `Octokit.ProjectsListForRepoResponse` → the type of the client's answer: `...["projects"]["listForRepo"]...`. */
function clientTypeOf(name: string): string {
  const type = name.slice("Octokit.".length);
  const namespace = REST_16_NAMESPACES.find((candidate) => type.startsWith(candidate));
  const method = namespace ? /^(.+?)(Response|Params)/.exec(type.slice(namespace.length))?.[1] : undefined;
  const [area, call] =
    namespace && method
      ? [namespace[0]!.toLowerCase() + namespace.slice(1), method[0]!.toLowerCase() + method.slice(1)]
      : ["pulls", "get"];
  return `Awaited<ReturnType<Context["client"]["${area}"]["${call}"]>>["data"]`;
}

function probot9OctokitTypes(line: number, names: string[]): { line: number; message: string; hint: string } {
  const shown =
    names.slice(0, SHOWN_TYPES).join(", ") +
    (names.length > SHOWN_TYPES ? `, and ${names.length - SHOWN_TYPES} more` : "");
  return {
    line,
    message:
      `uses Probot 9's Octokit, the namespace of @octokit/rest 16's types (${shown}), which gh-app-kit does not ` +
      "export: the compiler stops at the import (TS2305) and at each of those types",
    hint:
      "Take Octokit out of the import and type the values from the client instead, " +
      `${clientTypeOf(names[0]!)} for ${names[0]!} (TypeScript 4.5 or later), or RestEndpointMethodTypes from ` +
      "@octokit/plugin-rest-endpoint-methods. Not rewritten: today's types differ from those (fields that may be null).",
  };
}

function leftmost(name: AnyNode): AnyNode {
  return name.type === "TSQualifiedName" ? leftmost(name.left) : name;
}

/**
 * `(await import("probot")).default`: Probot is CommonJS, so its default export, to an ES module, is
 * the whole module. gh-app-kit has none.
 */
function reportDefaultExport(node: AnyNode, log: SourceWork): void {
  log.problems.push({
    line: lineOf(node),
    message: 'reads the default export of "probot" (its CommonJS module as a whole)',
    hint: 'gh-app-kit has no default export: read the names from the module itself, (await import("gh-app-kit")).App for (await import("probot")).default.Probot.',
  });
}

function renameExport(identifier: AnyNode, imported: string, log: SourceWork, isString = false): void {
  const target = EXPORT_RENAMES[imported];
  if (target) {
    if (isString) setString(identifier, target, log.edits);
    else {
      log.edits.rename(identifier, target);
      identifier.name = target;
    }
    log.changes.push({ line: lineOf(identifier), text: renameText(imported, target) });
  } else if (MISSING_EXPORTS[imported]) {
    log.problems.push({
      line: lineOf(identifier),
      message: `uses Probot's ${imported}`,
      hint: MISSING_EXPORTS[imported] as string,
    });
  } else if (!FRAMEWORK_EXPORTS.has(imported) && imported !== "default") {
    log.problems.push({
      line: lineOf(identifier),
      message: `uses ${imported} from "probot", which gh-app-kit does not export`,
      hint: "Remove it or replace it; docs/migrating.md lists gh-app-kit's exports.",
    });
  }
}

/** `probot` in `probot.Probot` when it holds the whole module, or `require("probot")` itself. */
function isWholeModule(path: Path, refs: ModuleReferences): boolean {
  let node = path.node as AnyNode;
  if (node.type === "AwaitExpression") node = node.argument;
  if (refs.moduleExpressions.has(node)) return true;
  if (node.type !== "Identifier" || !refs.namespaces.some((ns) => ns.local === node.name)) return false;
  const scope = declaringScope(path, node.name);
  return refs.namespaces.some((ns) => ns.local === node.name && ns.scope === scope);
}

/** The module of isWholeModule came from a Probot adapter. */
function isAdapterModule(path: Path, refs: ModuleReferences): boolean {
  let node = path.node as AnyNode;
  if (node.type === "AwaitExpression") node = node.argument;
  if (refs.moduleExpressions.has(node)) return refs.fromAdapter.has(node);
  const scope = declaringScope(path, node.name);
  return refs.namespaces.some((ns) => ns.local === node.name && ns.scope === scope && refs.fromAdapter.has(ns));
}

function onReference(
  path: Path,
  imported: string,
  rename: string | undefined,
  calls: CallSite[],
  log: SourceWork,
  fromAdapter = false,
): void {
  const node = path.node as AnyNode;
  if (rename && node.type === "Identifier") {
    const parent = path.parent?.node as AnyNode | undefined;
    if (
      parent?.type === "ObjectProperty" &&
      parent.shorthand &&
      parent.value === node &&
      path.parent?.parent?.node.type === "ObjectExpression"
    ) {
      // { Probot } in an object literal means { Probot: Probot }: keep the key.
      log.edits.replace(node, `${node.name}: ${rename}`);
      parent.shorthand = false;
    } else if (parent?.type === "ExportSpecifier" && parent.exported?.start === node.start) {
      // export { Probot }: those who import it still ask for Probot.
      log.edits.replace(node, `${rename} as ${node.name}`);
    } else log.edits.rename(node, rename);
    node.name = rename;
  }
  const parent = path.parent?.node as AnyNode | undefined;
  if ((parent?.type === "NewExpression" || parent?.type === "CallExpression") && parent.callee === node) {
    calls.push({ imported, call: parent, path: path.parent as Path, fromAdapter });
  }
  const member =
    parent?.type === "MemberExpression" && parent.object === node && !parent.computed
      ? keyName(parent.property)
      : undefined;
  // Probot.defaults(options): App.defaults takes the same options, under the same renames as new Probot(options).
  const grandparent = path.parent?.parent as Path | undefined;
  if (imported === "Probot" && member === "defaults" && grandparent?.node.type === "CallExpression") {
    if ((grandparent.node as AnyNode).callee === parent)
      calls.push({ imported, call: grandparent.node, path: grandparent });
  }
}

/** Babel gives shorthand `imported`/`local` separate nodes at one place: one replacement covers both. */
function renameHolder(holder: AnyNode, target: string, renameLocal: boolean, edits: SourceEdits): void {
  const [outer, inner] =
    holder.type === "ImportSpecifier"
      ? [holder.imported, holder.local]
      : holder.type === "ExportSpecifier"
        ? [holder.local, holder.exported]
        : [holder.key, holder.value.type === "AssignmentPattern" ? holder.value.left : holder.value];
  const shorthand = outer.start === inner.start;
  const innerName = keyName(inner) as string;
  if (holder.type === "ExportSpecifier") {
    // export { Probot } from "probot": users of this file still import Probot.
    edits.replace(outer, shorthand ? `${target} as ${innerName}` : target);
  } else if (renameLocal) {
    edits.rename(outer, target);
    edits.rename(inner, target);
    inner.name = target;
  } else if (shorthand) {
    edits.replace(outer, holder.type === "ImportSpecifier" ? `${target} as ${innerName}` : `${target}: ${innerName}`);
    if (holder.type !== "ImportSpecifier") holder.shorthand = false;
  } else if (outer.type === "Identifier") edits.rename(outer, target);
  else setString(outer, target, edits);
  if (outer.type === "Identifier") outer.name = target;
}
