import type { CallSite } from "./rename-imported-names.js";
import { MIDDLEWARE_RENAMES, OPTION_RENAMES } from "./probot-names.js";
import { keyName, lineOf, type AnyNode, type SourceWork } from "./source-types.js";

export function renameOptionKeys(calls: CallSite[], log: SourceWork): void {
  for (const { imported, call } of calls) {
    const args = call.arguments as AnyNode[];
    if (imported === "Probot") renameKeys(args[0], OPTION_RENAMES, log);
    if (imported === "createProbot" && args[0]?.type === "ObjectExpression") {
      renameKeys(args[0], OPTION_RENAMES, log); // a plain Options object is taken as overrides
      for (const property of args[0].properties as AnyNode[]) {
        const name = keyName(property.key);
        if (name === "overrides" || name === "defaults") renameKeys(property.value, OPTION_RENAMES, log);
      }
    }
    if (imported === "createNodeMiddleware") renameKeys(args[1], MIDDLEWARE_RENAMES, log);
  }
}

/** Renames keys of an object literal; `{ githubToken }` becomes `{ platformToken: githubToken }`. */
export function renameKeys(
  object: AnyNode | undefined,
  renames: Readonly<Record<string, string>>,
  log: SourceWork,
): void {
  if (object?.type !== "ObjectExpression") return;
  for (const property of object.properties as AnyNode[]) {
    if ((property.type !== "ObjectProperty" && property.type !== "Property") || property.computed) continue;
    const name = keyName(property.key);
    const target = name === undefined ? undefined : renames[name];
    if (!target) continue;
    const key = property.key as AnyNode;
    if (property.shorthand) log.edits.replace(key, `${target}: ${name}`);
    else if (key.type === "Identifier") log.edits.rename(key, target);
    else
      log.edits.replace(
        key,
        `${String(key.extra?.raw ?? '"').charAt(0)}${target}${String(key.extra?.raw ?? '"').charAt(0)}`,
      );
    property.key = { type: "Identifier", name: target };
    property.shorthand = false;
    log.changes.push({ line: lineOf(property), text: `option ${name} → ${target}` });
  }
}
