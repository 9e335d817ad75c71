// The CommonJS entries of the package (`require("gh-app-kit")`, `require("gh-app-kit/testing")`),
// run by `npm run build` after tsc. Each is a small file that returns require() of the ES
// module build, so that a process loading the package both ways has one App, one AppError
// and one set of shared state. Where require() cannot load an ES module (jest's module
// runtime, which runs every file as CommonJS), it falls back to dist/cjs/bundle.cjs: both
// entries in one CommonJS bundle (one copy of each class between them), holding the
// ESM-only dependencies (most of @octokit/*) and requiring the others from node_modules.
import { build } from "esbuild";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist/cjs");
const ENTRIES = { index: "../src/index.js", testing: "../src/testing/index.js" };
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const { dependencies, imports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
/** "@scope/name/sub" → "@scope/name". */
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** The "type" of the package.json nearest to `file`, as Node reads it for a .js file. */
function packageType(file) {
  for (let folder = dirname(file); folder !== dirname(folder); folder = dirname(folder)) {
    const manifest = join(folder, "package.json");
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, "utf8")).type;
  }
  return undefined;
}

/**
 * A dependency of the package that require() loads as CommonJS stays outside the bundle (the
 * bundle requires it from node_modules at run time); an ESM-only one goes in, and so does
 * anything the package does not depend on itself, which npm may install out of its reach.
 */
const externalWhenCommonJs = {
  name: "external-when-commonjs",
  setup(context) {
    // "#name" (package.json "imports") as Node resolves it: a dependency stays one (and is then
    // external when CommonJS, as above); the "workerd" stand-ins are for Workers bundles only.
    context.onResolve({ filter: /^#/ }, (args) => {
      const target = imports?.[args.path]?.default;
      if (typeof target !== "string" || target.startsWith("./")) return undefined;
      return context.resolve(target, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer });
    });
    context.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (builtins.has(args.path) || args.path.startsWith("node:")) return { path: args.path, external: true };
      if (!Object.hasOwn(dependencies, packageOf(args.path))) return undefined;
      let file;
      try {
        file = createRequire(join(args.resolveDir, "index.js")).resolve(args.path);
      } catch {
        return undefined; // only an `import` condition: bundled
      }
      const commonJs = file.endsWith(".cjs") || (file.endsWith(".js") && packageType(file) !== "module");
      return commonJs ? { path: args.path, external: true } : undefined;
    });
  },
};

mkdirSync(out, { recursive: true });
const entry = Object.entries(ENTRIES)
  .map(([name, path]) => `export * as ${name} from ${JSON.stringify(path)};`)
  .join("\n");
await build({
  stdin: { contents: entry, resolveDir: out, sourcefile: "entries.js" },
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // import() of an optional part becomes require(): jest runs no import() without a flag.
  supported: { "dynamic-import": false },
  plugins: [externalWhenCommonJs],
  outfile: join(out, "bundle.cjs"),
  logLevel: "warning",
  legalComments: "none",
});

writeFileSync(
  join(out, "load.cjs"),
  `"use strict";
// require() of an ES module fails with these where it is not supported: Node without
// require(esm) (ERR_REQUIRE_ESM), or jest's runtime, which compiles it as CommonJS.
function cannotRequireEsm(error) {
  if (error === null || typeof error !== "object") return false;
  if (error.code === "ERR_REQUIRE_ESM") return true;
  return (
    error.name === "SyntaxError" &&
    /Cannot use import statement outside a module|Unexpected token 'export'|import\\.meta/.test(String(error.message))
  );
}

/** The ES module build (one instance for require and import); the CommonJS bundle only where require() cannot load it. */
module.exports = function load(requireEsm, part) {
  try {
    return requireEsm();
  } catch (error) {
    if (!cannotRequireEsm(error)) throw error;
    return require("./bundle.cjs")[part];
  }
};
`,
);
for (const [name, path] of Object.entries(ENTRIES)) {
  // The same types, declared as CommonJS: TypeScript (module node16) refuses a .d.ts of an ES module to require().
  writeFileSync(join(out, `${name}.d.cts`), `export * from ${JSON.stringify(path)};\n`);
  writeFileSync(
    join(out, `${name}.cjs`),
    `"use strict";\nmodule.exports = require("./load.cjs")(() => require(${JSON.stringify(path)}), ${JSON.stringify(name)});\n`,
  );
}
