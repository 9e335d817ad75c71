import { EXPORT_RENAMES, FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import { renameKeys } from "./rename-option-keys.js";
import { keyName, lineOf, setString, specifierText, type AnyNode, type SourceWork } from "./source-types.js";

/**
 * Stubs keyed by the module they stand for, in a call that loads or mocks modules:
 * `proxyquire("../index", { probot: { Probot: Fake } })`. The migrated app requires gh-app-kit, so
 * the key becomes "gh-app-kit" and the stub's export names are renamed.
 */
export function renameModuleKeyedStubs(call: AnyNode, log: SourceWork): void {
  for (const argument of call.arguments as AnyNode[]) {
    if (argument.type !== "ObjectExpression") continue;
    for (const property of argument.properties as AnyNode[]) {
      if (property.type !== "ObjectProperty" || property.computed || keyName(property.key) !== PROBOT_MODULE) continue;
      const key = property.key as AnyNode;
      if (key.type === "StringLiteral") setString(key, FRAMEWORK_MODULE, log.edits);
      else log.edits.replace(key, `"${FRAMEWORK_MODULE}"${property.shorthand ? `: ${PROBOT_MODULE}` : ""}`);
      log.changes.push({ line: lineOf(key), text: `stub key "${PROBOT_MODULE}" → "${FRAMEWORK_MODULE}"` });
      renameKeys(property.value as AnyNode, EXPORT_RENAMES, log, "stubbed export");
    }
  }
}

/**
 * `typeof import("probot")["Probot"]`: an export's name as an index of the module's type. Visited
 * before the import type itself, whose specifier may still read "probot".
 */
export function renameIndexedExport(node: AnyNode, log: SourceWork): void {
  let object = node.objectType as AnyNode;
  while (object.type === "TSParenthesizedType") object = object.typeAnnotation as AnyNode;
  if (object.type === "TSTypeQuery") object = object.exprName as AnyNode;
  if (object.type !== "TSImportType" || object.qualifier) return;
  const argument = object.argument as AnyNode;
  const specifier = specifierText(argument.type === "TSLiteralType" ? argument.literal : argument);
  if (specifier !== PROBOT_MODULE && specifier !== FRAMEWORK_MODULE) return;
  const index = node.indexType as AnyNode;
  const literal = index.type === "TSLiteralType" ? (index.literal as AnyNode) : undefined;
  const name = specifierText(literal);
  const target = name === undefined ? undefined : EXPORT_RENAMES[name];
  if (literal === undefined || target === undefined) return;
  setString(literal, target, log.edits);
  log.changes.push({ line: lineOf(literal), text: `${name as string} → ${target}` });
}
