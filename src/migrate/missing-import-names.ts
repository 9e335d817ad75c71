import type { ModuleReferences } from "./find-module-references.js";
import { FRAMEWORK_MODULE } from "./probot-names.js";
import { lineOf, removeListItem, type AnyNode, type SourceWork } from "./source-types.js";

/**
 * In a JavaScript ES module, a value import of a name gh-app-kit does not export (Probot's
 * `Server`) makes Node refuse to link the whole file ("does not provide an export named"), where
 * CommonJS's `require` gives undefined and only the code using it fails. Such names are taken out
 * of the import and read from the module's namespace instead: undefined, as `require` gives them,
 * so the file loads and a test runner that loads every file in one process (mocha) still runs the
 * others. The names stay reported (rename-imported-names.ts). `import {} from "gh-app-kit"` is
 * left where every name was one of them.
 */
export function bindMissingImports(
  refs: ModuleReferences,
  code: string,
  log: SourceWork,
  taken: Set<string>,
  isMissing: (name: string) => boolean,
): void {
  const byDeclaration = new Map<AnyNode, ModuleReferences["names"]>();
  for (const name of refs.names) {
    if (!name.esValueImport || !name.declaration || !name.holder || !isMissing(name.imported)) continue;
    byDeclaration.set(name.declaration, [...(byDeclaration.get(name.declaration) ?? []), name]);
  }
  for (const [declaration, names] of byDeclaration) {
    const specifiers = declaration.specifiers as AnyNode[];
    // `import P, { Server } from "probot"`: left as it is, and reported.
    if (!specifiers.every((s) => s.type === "ImportSpecifier" && s.imported?.type === "Identifier")) continue;
    const missing = new Set(names.map((n) => n.holder as AnyNode));
    removeSpecifiers(code, specifiers, missing, log);
    let namespace = "ghAppKit";
    for (let n = 2; taken.has(namespace); n += 1) namespace = `ghAppKit${n}`;
    taken.add(namespace);
    const source = declaration.source as AnyNode;
    const quote = (source.extra?.raw as string | undefined)?.[0] ?? '"';
    const semicolon = (declaration.end as number) > (source.end as number) ? ";" : "";
    const bound = names.map((n) => (n.local === n.imported ? n.local : `${n.imported}: ${n.local}`)).join(", ");
    log.edits.insert(
      declaration.end as number,
      `\nimport * as ${namespace} from ${quote}${FRAMEWORK_MODULE}${quote}${semicolon}\nconst { ${bound} } = ${namespace}${semicolon}`,
    );
    const list = names.map((n) => n.imported).join(", ");
    log.changes.push({
      line: lineOf(declaration),
      text: `${list} taken out of the import and read from ${FRAMEWORK_MODULE}'s namespace, where it is undefined (so this ES module still loads, as with require)`,
    });
    for (const name of names) name.esValueImport = false;
  }
}

/** Removes the specifiers in `missing` with the commas that separate them, leaving the others as they are. */
function removeSpecifiers(code: string, specifiers: AnyNode[], missing: Set<AnyNode>, log: SourceWork): void {
  for (const [index, specifier] of specifiers.entries()) {
    if (!missing.has(specifier)) continue;
    const laterKept = specifiers.slice(index + 1).some((s) => !missing.has(s));
    const earlierKept = specifiers
      .slice(0, index)
      .filter((s) => !missing.has(s))
      .pop();
    if (laterKept) removeListItem(code, specifier, specifier.start, specifiers[index + 1]!.start, log.edits);
    else if (earlierKept) removeListItem(code, specifier, earlierKept.end, specifier.end, log.edits);
    else log.edits.replace(range(specifiers[0]!.start, specifiers[specifiers.length - 1]!.end), "");
  }
}

function range(start: number, end: number): AnyNode {
  return { type: "Range", start, end } as AnyNode;
}
