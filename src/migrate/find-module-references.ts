import { visit } from "recast";
import { bindModule, bindNamespaceUses, renameFactoryKeys, type ModuleReferences } from "./module-bindings.js";
import {
  calleeText,
  importedBy,
  looksLikeLoader,
  moduleCallKind,
  requireFunctionNames,
  takesOnly,
  type ModuleCallKind,
} from "./module-calls.js";
import { migrateModuleAugmentation } from "./module-augmentations.js";
import { renameIndexedExport, renameModuleKeyedStubs } from "./module-keyed-stubs.js";
import { mockFactoryFunction, renameMockedCallAssertions } from "./mock-factory.js";
import {
  ACTIONS_ADAPTER_V1,
  ADAPTER_MODULES,
  adapterEntry,
  adapterTarget,
  EXPORT_RENAMES,
  findPackageHint,
  FRAMEWORK_EXPORTS,
  FRAMEWORK_MODULE,
  LAMBDA_ADAPTER_MODULE,
  PROBOT_MODULE,
  ERROR_CLASS_MODULES,
} from "./probot-names.js";
import { declaringScope, scopeNode } from "./scope-lookup.js";
import { takeReExported } from "./probot-reexports.js";
import {
  namespaceForDefault,
  renamedExport,
  rewriteClassModule,
  rewriteDeepImport,
} from "./module-specifier-rewrites.js";
import { keyName, lineOf, setString, specifierText, type AnyNode, type Path, type SourceWork } from "./source-types.js";

export type { ImportedName, ModuleBinding, ModuleReferences } from "./module-bindings.js";

/**
 * Every place the file names a module (static and dynamic imports, re-exports, require and its kin,
 * jest's and vitest's module functions, TypeScript's `import x = require()` and `import()` types),
 * and what each binds. "probot" becomes gh-app-kit; deep imports and Probot's sibling packages are
 * reported, not changed.
 */
export function findModuleReferences(ast: AnyNode, log: SourceWork): ModuleReferences {
  const refs: ModuleReferences = {
    names: [],
    namespaces: [],
    moduleExpressions: new Set(),
    promiseMembers: new Set(),
    fromAdapter: new Set(),
  };
  const requireFunctions = requireFunctionNames(ast);
  const onSpecifier = (literal: AnyNode | undefined, path: Path, kind?: ModuleCallKind) => {
    if (literal && specifierText(literal) !== undefined) inspectSpecifier(literal, path, refs, log, kind);
  };
  visit(ast, {
    visitImportDeclaration(path) {
      onSpecifier(path.node.source as AnyNode, path as Path);
      this.traverse(path);
    },
    visitExportNamedDeclaration(path) {
      if (path.node.source) onSpecifier(path.node.source as AnyNode, path as Path);
      this.traverse(path);
    },
    visitExportAllDeclaration(path) {
      onSpecifier(path.node.source as AnyNode, path as Path);
      this.traverse(path);
    },
    visitTSImportType(path) {
      const node = path.node as AnyNode;
      onSpecifier(node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument, path as Path);
      this.traverse(path);
    },
    visitTSIndexedAccessType(path) {
      renameIndexedExport(path.node as AnyNode, log);
      this.traverse(path);
    },
    visitTSExternalModuleReference(path) {
      onSpecifier(path.node.expression as AnyNode, path as Path);
      this.traverse(path);
    },
    visitCallExpression(path) {
      onCall(path as Path, log, onSpecifier, ast, requireFunctions);
      this.traverse(path);
    },
    visitTSModuleDeclaration(path) {
      migrateModuleAugmentation(path.node as AnyNode, (ast.program ?? ast) as AnyNode, log);
      this.traverse(path);
    },
    visitImportExpression(path) {
      onSpecifier((path.node as AnyNode).source, path as Path, "promise");
      this.traverse(path);
    },
  });
  bindNamespaceUses(ast, refs);
  return refs;
}

function onCall(
  path: Path,
  log: SourceWork,
  onSpecifier: (literal: AnyNode | undefined, path: Path, kind?: ModuleCallKind) => void,
  ast: AnyNode,
  requireFunctions: ReadonlySet<string>,
): void {
  const node = path.node as AnyNode;
  const first = node.arguments[0] as AnyNode | undefined;
  const kind = moduleCallKind(node, requireFunctions);
  // Read before onSpecifier renames it.
  const named = specifierText(first) ?? specifierText(importedBy(first));
  if (kind !== undefined) onSpecifier(first, path, kind);
  if (kind === "mock" && named === PROBOT_MODULE) renameMockFactory(path, log, ast);
  if (kind === undefined && looksLikeLoader(node)) renameModuleKeyedStubs(node, log);
  if (kind === undefined && isProbotModule(named) && looksLikeLoader(node)) {
    log.problems.push({
      line: lineOf(node),
      message: `passes "${named as string}" to ${calleeText(node.callee)}(), which app migrate does not know`,
      hint: `If it names the module, write "${FRAMEWORK_MODULE}" there, and rename what it gives as docs/migrating.md lists.`,
    });
  }
}

/** `jest.mock("probot", factory)`: the keys of the object the factory returns are the module's export names. */
function renameMockFactory(path: Path, log: SourceWork, ast: AnyNode): void {
  const node = path.node as AnyNode;
  const given = node.arguments[1] as AnyNode | undefined;
  // None: an automatic mock; an object: vitest's options (`{ spy: true }`).
  if (given === undefined || given.type === "ObjectExpression") return;
  const factory = mockFactoryFunction(path, given);
  if (factory) {
    renameMockedCallAssertions(ast, factory, log);
    return renameFactoryKeys(factory, log);
  }
  log.problems.push({
    line: lineOf(node),
    message: `the mock factory of ${calleeText(node.callee)}() is not a function app migrate can read`,
    hint: "The keys of the object it returns are probot's export names: rename them as docs/migrating.md lists (Probot → App, createProbot → createApp, ProbotOctokit → AppClient).",
  });
}

/** What takes the place of the functions Probot 7 to 9's serverless adapters took from its internal modules. */
const INTERNAL_MODULE_HINTS: Readonly<Record<string, string | undefined>> = {
  [`${PROBOT_MODULE}/lib/private-key`]:
    `Use getPrivateKey() from "${FRAMEWORK_MODULE}": it looks where findPrivateKey() looked (a path given, PRIVATE_KEY, ` +
    "PRIVATE_KEY_PATH, one .pem file in the working folder), takes a path as { filepath }, and answers null where " +
    "findPrivateKey() threw for want of a key.",
  [`${PROBOT_MODULE}/lib/resolver`]:
    "Probot's resolve(id) required the app's module from the working folder: write " +
    "require(require.resolve(id, { paths: [process.cwd()] })), or import the app function itself.",
  ...Object.fromEntries(
    ["probot-run", "probot-run.js", "probot", "probot.js"].map((file) => [
      `${PROBOT_MODULE}/bin/${file}`,
      "Probot's run command, loaded for its side effect: it started the server from process.argv. Start the app " +
        `with \`app run <the app's files>\` (node_modules/.bin/app), or call run(process.argv) from "${FRAMEWORK_MODULE}", ` +
        "which takes the apps after the script (flags go in its options or their variables, docs/run.md).",
    ]),
  ),
  ...Object.fromEntries(
    ["probot-receive", "probot-receive.js"].map((file) => [
      `${PROBOT_MODULE}/bin/${file}`,
      "Probot's receive command, loaded for its side effect: run `app receive -e <event> -p <payload file> <the app's " +
        "files>` instead (docs/cli.md).",
    ]),
  ),
};

function isProbotModule(name: string | undefined): boolean {
  return name === PROBOT_MODULE || Boolean(name?.startsWith(`${PROBOT_MODULE}/`));
}

function inspectSpecifier(
  literal: AnyNode,
  path: Path,
  refs: ModuleReferences,
  log: SourceWork,
  kind: ModuleCallKind | undefined,
): void {
  const name = specifierText(literal) as string;
  if (/(?:^|\/)node_modules\/probot\//.test(name)) {
    // `import { receive } from "../node_modules/probot/lib/bin/receive.js"`: Probot's own file, by its path.
    log.problems.push({
      line: lineOf(literal),
      message: `imports Probot's own file "${name}" by its path in node_modules`,
      hint: `It goes with probot: import what you need from "${FRAMEWORK_MODULE}" (its public names are listed in docs/migrating.md; Probot's receive script is \`app receive\`, docs/cli.md).`,
    });
    return;
  }
  const own = name.startsWith(".") ? log.aliases?.(name) : undefined;
  if (own) return takeReExported(path, own, refs, () => collectNames(path, refs, log, kind));
  if (name === PROBOT_MODULE) {
    if (rewriteClassModule(path, literal, name, log)) return;
    setString(literal, FRAMEWORK_MODULE, log.edits);
    log.changes.push({ line: lineOf(literal), text: `"${PROBOT_MODULE}" → "${FRAMEWORK_MODULE}"` });
    collectNames(path, refs, log, kind);
    return;
  }
  if (name.startsWith(`${PROBOT_MODULE}/`)) {
    if (name === `${PROBOT_MODULE}/package.json`) return;
    if (rewriteClassModule(path, literal, name, log)) return;
    if (rewriteDeepImport(path, literal, name, log.edits)) {
      log.changes.push({ line: lineOf(literal), text: `"${name}" → "${FRAMEWORK_MODULE}"` });
      collectNames(path, refs, log, kind);
      return;
    }
    log.problems.push({
      line: lineOf(literal),
      message: `imports Probot's internal module "${name}"`,
      hint:
        INTERNAL_MODULE_HINTS[name] ??
        `Import what you need from "${FRAMEWORK_MODULE}" (its public names are listed in docs/migrating.md); internals are not part of it.`,
    });
    return;
  }
  if (ADAPTER_MODULES.has(name)) return inspectAdapter(literal, path, refs, log, kind);
  if (name === ACTIONS_ADAPTER_V1 && rewriteClassModule(path, literal, name, log)) return;
  const errorClasses = ERROR_CLASS_MODULES.get(name);
  if (errorClasses && takesOnly(path, literal, (taken) => errorClasses.has(taken))) {
    // The app's copy is seldom the client's here (another major, or jest's bundled build): gh-app-kit's
    // classes hold for the errors of every copy (src/client/request-error.ts).
    setString(literal, FRAMEWORK_MODULE, log.edits);
    log.changes.push({
      line: lineOf(literal),
      text: `"${name}" → "${FRAMEWORK_MODULE}" (its error classes hold for the client's errors)`,
    });
    return;
  }
  if (name === "@probot/get-private-key" && takesOnly(path, literal, (taken) => taken === "getPrivateKey")) {
    setString(literal, FRAMEWORK_MODULE, log.edits);
    log.changes.push({ line: lineOf(literal), text: `"${name}" → "${FRAMEWORK_MODULE}" (getPrivateKey)` });
    return;
  }
  const hint = findPackageHint(name);
  if (hint) log.problems.push({ line: lineOf(literal), message: `uses "${name}"`, hint });
}

/**
 * Probot's adapters are probot plus a function of their own (createLambdaFunction, createAzureFunctionV4,
 * run): an import or require that takes only names gh-app-kit has (createLambdaFunction →
 * createLambdaHandler among them) moves to gh-app-kit; one that takes the adapter's own function is
 * reported.
 */
function inspectAdapter(
  literal: AnyNode,
  path: Path,
  refs: ModuleReferences,
  log: SourceWork,
  kind: ModuleCallKind | undefined,
): void {
  const name = specifierText(literal) as string;
  const own = ADAPTER_MODULES.get(name);
  const names: string[] = [];
  const known = (taken: string) =>
    names.push(taken) > 0 && !own?.has(taken) && FRAMEWORK_EXPORTS.has(renamedExport(taken));
  if (takesOnly(path, literal, known)) {
    const target = adapterTarget(name, names);
    setString(literal, target, log.edits);
    log.changes.push({ line: lineOf(literal), text: `"${name}" → "${target}"` });
    collectAdapterNames(path, refs, log, kind);
    return;
  }
  // An adapter taken whole (`import run from`, `import * as`, `const adapter = require(...)`), when
  // an entry of gh-app-kit has all it has: the names read from it are followed as probot's are.
  const entry = adapterEntry(name);
  if (entry !== undefined && takesWhole(path, literal, kind)) {
    setString(literal, entry, log.edits);
    log.changes.push({ line: lineOf(literal), text: `"${name}" → "${entry}"` });
    collectAdapterNames(path, refs, log, kind);
    return;
  }
  log.problems.push({
    line: lineOf(literal),
    message:
      name === LAMBDA_ADAPTER_MODULE
        ? `uses "${name}" in a way app migrate does not rewrite (only named imports of names gh-app-kit has)`
        : `uses "${name}"`,
    hint: findPackageHint(name) as string,
  });
}

/** collectNames for an adapter's module: what it gives is marked as the adapter's. */
function collectAdapterNames(
  path: Path,
  refs: ModuleReferences,
  log: SourceWork,
  kind: ModuleCallKind | undefined,
): void {
  const [names, namespaces, expressions] = [refs.names.length, refs.namespaces.length, new Set(refs.moduleExpressions)];
  collectNames(path, refs, log, kind);
  for (const name of refs.names.slice(names)) refs.fromAdapter.add(name);
  for (const namespace of refs.namespaces.slice(namespaces)) refs.fromAdapter.add(namespace);
  for (const expression of refs.moduleExpressions) if (!expressions.has(expression)) refs.fromAdapter.add(expression);
}

/** The statement imports the module as one value: a lone default or namespace import, or `const x = require(M)`. */
function takesWhole(path: Path, literal: AnyNode, kind: ModuleCallKind | undefined): boolean {
  const node = path.node as AnyNode;
  if (node.type === "ImportDeclaration") {
    const specifiers = node.specifiers as AnyNode[];
    return specifiers.length === 1 && /^Import(Default|Namespace)Specifier$/.test(specifiers[0]!.type as string);
  }
  if (kind !== "module" || node.type !== "CallExpression" || node.arguments[0] !== literal) return false;
  const parent = path.parent?.node as AnyNode | undefined;
  return parent?.type === "VariableDeclarator" && parent.init === node && parent.id.type === "Identifier";
}

/** What the statement or expression at `path`, which names "probot", takes from it. */
function collectNames(path: Path, refs: ModuleReferences, log: SourceWork, kind: ModuleCallKind | undefined): void {
  const node = path.node as AnyNode;
  const scope = scopeNode(path);
  if (node.type === "ImportDeclaration") {
    for (const specifier of node.specifiers as AnyNode[]) {
      const local = specifier.local.name as string;
      if (specifier.type === "ImportSpecifier") {
        const esValueImport = node.importKind !== "type" && specifier.importKind !== "type";
        refs.names.push({
          imported: keyName(specifier.imported) ?? local,
          local,
          scope,
          holder: specifier,
          esValueImport,
          declaration: node,
        });
      } else {
        refs.namespaces.push({ local, scope }); // default and namespace imports: the whole module
        if (specifier.type === "ImportDefaultSpecifier") namespaceForDefault(node, specifier, log);
      }
    }
  } else if (node.type === "ExportNamedDeclaration") {
    for (const specifier of node.specifiers as AnyNode[]) {
      if (specifier.type !== "ExportSpecifier") continue; // export * as probot: no local name
      const local = keyName(specifier.local) as string;
      refs.names.push({ imported: local, local, scope, holder: specifier });
    }
  } else if (node.type === "ExportAllDeclaration") {
    if (!node.exported) {
      log.problems.push({
        line: lineOf(node),
        message: `re-exports everything from "${PROBOT_MODULE}": ${Object.keys(EXPORT_RENAMES).join(", ")} now come as ${[...new Set(Object.values(EXPORT_RENAMES))].join(", ")}`,
        hint: `app migrate renames them in this app's files; code elsewhere that imports them from this module must use the new names, or re-export the old names here: export { App as Probot } from "${FRAMEWORK_MODULE}".`,
      });
    }
  } else if (node.type === "TSImportType") {
    refs.moduleExpressions.add(node);
  } else if (node.type === "TSExternalModuleReference") {
    const declaration = path.parent?.node as AnyNode | undefined;
    if (declaration?.type === "TSImportEqualsDeclaration") {
      // ast-types' scopes do not see this declaration: its uses are matched with the scope they resolve to.
      const local = declaration.id.name as string;
      refs.namespaces.push({ local, scope: declaringScope(path.parent as Path, local) });
    }
  } else if (kind === "module" || kind === "promise") {
    refs.moduleExpressions.add(node);
    bindModule(path, kind, refs);
  }
}
