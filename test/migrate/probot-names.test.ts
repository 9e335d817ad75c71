import { expect } from "chai";
import { readFileSync } from "node:fs";
import { parseWithBabel } from "../../src/migrate/parse-source.js";
import { EXPORT_RENAMES, FRAMEWORK_EXPORTS, MISSING_EXPORTS } from "../../src/migrate/probot-names.js";

/** Every name src/index.ts exports, values and types, read with the migration's own parser. */
function indexExports(): string[] {
  const source = readFileSync(new URL("../../src/index.ts", import.meta.url), "utf8");
  const names: string[] = [];
  for (const statement of parseWithBabel("index.ts", source).program.body) {
    if (statement.type !== "ExportNamedDeclaration") continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== "ExportSpecifier") continue;
      names.push(specifier.exported.type === "Identifier" ? specifier.exported.name : specifier.exported.value);
    }
  }
  return names;
}

describe("migrate: the names it knows", () => {
  it("lists exactly the names gh-app-kit exports (keep FRAMEWORK_EXPORTS in step with src/index.ts)", () => {
    expect([...FRAMEWORK_EXPORTS].sort()).to.deep.equal(indexExports().sort());
  });

  it("renames Probot's names to names that exist, and reports only names that do not", () => {
    for (const target of Object.values(EXPORT_RENAMES))
      expect(FRAMEWORK_EXPORTS.has(target as string), target).to.equal(true);
    for (const missing of Object.keys(MISSING_EXPORTS)) expect(FRAMEWORK_EXPORTS.has(missing), missing).to.equal(false);
  });
});
