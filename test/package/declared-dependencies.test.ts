import { expect } from "chai";
import { readdir, readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The package a bare specifier names: `@scope/name` or `name`, without a path into it. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** Every specifier a module loads: import and export from, import(), require() of a literal. Comments are not code. */
function loadedSpecifiers(text: string): string[] {
  const source = ts.createSourceFile("module.js", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const loads =
        node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require");
      if (loads && first && ts.isStringLiteralLike(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

async function modules(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && /\.js$/.test(entry.name)).map((e) => join(e.parentPath, e.name));
}

// A package manager that gives a package only what it declares (Yarn Plug'n'Play; pnpm without its hidden hoisting)
// refuses the load of any other: "gh-app-kit tried to access semver, but it isn't declared in its dependencies".
// npm's flat node_modules hides it, when another package brings the same one along.
describe("the package's dependencies", function () {
  this.timeout(120_000);

  it("declare every package the published modules load (dist/src and the CLI's dist/node)", async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as Record<string, unknown>;
    const declared = new Set(
      ["dependencies", "peerDependencies", "optionalDependencies"].flatMap((field) =>
        Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
      ),
    );
    const undeclared = new Map<string, string[]>();
    for (const file of [...(await modules(join(ROOT, "dist/src"))), ...(await modules(join(ROOT, "dist/node")))]) {
      for (const specifier of loadedSpecifiers(await readFile(file, "utf8"))) {
        if (/^(\.|#|node:)/.test(specifier)) continue;
        const name = packageOf(specifier);
        if (name === manifest.name || builtinModules.includes(name) || declared.has(name)) continue;
        undeclared.set(name, [...(undeclared.get(name) ?? []), relative(ROOT, file)]);
      }
    }
    expect(
      Object.fromEntries([...undeclared].map(([name, files]) => [name, [...new Set(files)].sort()])),
    ).to.deep.equal({});
  });
});
