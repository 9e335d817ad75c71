import { EXPORT_RENAMES, FRAMEWORK_MODULE, PROBOT_MODULE, table } from "./probot-names.js";
import { lineOf, setString, type AnyNode, type SourceWork } from "./source-types.js";

/**
 * Names declared inside `declare module "probot" { ... }`: Probot's Context is a class an app could
 * add to; gh-app-kit's `Context` is a type, and the class it stands for is exported as EventContext.
 */
export const AUGMENTATION_RENAMES = table<string>({ ...EXPORT_RENAMES, Context: "EventContext" });

/** Top-level statements that make a TypeScript file a module (its `declare module` then augments). */
const MODULE_MARKERS = new Set([
  "ImportDeclaration",
  "ExportNamedDeclaration",
  "ExportDefaultDeclaration",
  "ExportAllDeclaration",
  "TSExportAssignment",
  "TSImportEqualsDeclaration",
]);

/**
 * `declare module "probot" { interface Context { ... } }`. In a module file it augments probot's
 * types: it now augments gh-app-kit's, its declarations renamed as the exports are (Context, a class
 * in Probot, becomes EventContext, the class gh-app-kit's Context type stands for); names of its
 * own stay, as an augmentation may add them. In a script file it is an ambient declaration of the
 * whole module, which would hide gh-app-kit's own types: reported.
 */
export function migrateModuleAugmentation(declaration: AnyNode, program: AnyNode, log: SourceWork): void {
  const id = declaration.id as AnyNode;
  if (id.type !== "StringLiteral" || id.value !== PROBOT_MODULE) return;
  const line = lineOf(declaration);
  if (!(program.body as AnyNode[]).some((statement) => MODULE_MARKERS.has(statement.type as string))) {
    log.problems.push({
      line,
      message: `declares the module "${PROBOT_MODULE}" in a file that imports and exports nothing (an ambient declaration)`,
      hint: `gh-app-kit has types of its own: remove the declaration, or write what it adds as an augmentation, declare module "${FRAMEWORK_MODULE}" { ... }, in a file that imports or exports something.`,
    });
    return;
  }
  setString(id, FRAMEWORK_MODULE, log.edits);
  log.changes.push({ line: lineOf(id), text: `declare module "${PROBOT_MODULE}" → "${FRAMEWORK_MODULE}"` });
  for (const name of declaredNames(declaration.body as AnyNode | undefined)) {
    const was = name.name as string;
    const now = AUGMENTATION_RENAMES[was];
    if (now !== undefined) {
      log.edits.replace(name, now);
      log.changes.push({ line: lineOf(name), text: `${was} → ${now}` });
    }
  }
}

/** The identifiers a `declare module` block declares at its top level. */
function declaredNames(body: AnyNode | undefined): AnyNode[] {
  if (body?.type !== "TSModuleBlock") return [];
  const names: AnyNode[] = [];
  for (const statement of body.body as AnyNode[]) {
    const declaration = (statement.type === "ExportNamedDeclaration" ? statement.declaration : statement) as
      AnyNode | null | undefined;
    if (declaration?.type === "VariableDeclaration") {
      for (const declarator of declaration.declarations as AnyNode[])
        if (declarator.id.type === "Identifier") names.push(declarator.id as AnyNode);
    } else if (declaration?.id?.type === "Identifier") {
      names.push(declaration.id as AnyNode);
    }
  }
  return names;
}
