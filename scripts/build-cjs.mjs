// The CommonJS entries of the package (`require("gh-app-kit")`, `require("gh-app-kit/testing")`),
// run by `npm run build` after tsc. Each is a small file that returns require() of the ES
// module build, so that a process loading the package both ways has one App, one AppError
// and one set of shared state. Where require() cannot load an ES module (jest's module
// runtime, which runs every file as CommonJS), it falls back to dist/cjs/bundle.cjs: both
// entries in one CommonJS bundle (one copy of each class between them), holding the
// dependencies, and requiring from node_modules only the large optional parts (see EXTERNAL).
import { build } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist/cjs");
const ENTRIES = {
  index: "../src/index.js",
  testing: "../src/testing/index.js",
  actions: "../src/actions/index.js",
};
/** What require() loads where it can load an ES module: the same files as import (dist/node, built before this). */
const NODE_ENTRIES = { index: "../node/index.js", testing: "../node/testing.js", actions: "../node/actions.js" };
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const { imports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
/** "@scope/name/sub" → "@scope/name". */
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * What the bundle leaves to node_modules: the optional parts that read files of their own at
 * run time (BullMQ's Lua scripts) or are large and loaded only when configured (Redis, Sentry,
 * OpenTelemetry). Everything else is inside, so that a runner that knows nothing of "exports"
 * or of `node:` names (jest 26 and 27 load "main" and resolve bare names only) finds it all.
 */
const EXTERNAL = ["bullmq", "ioredis", "@sentry/node", "@opentelemetry/"];
const isExternal = (specifier) =>
  EXTERNAL.some((name) => (name.endsWith("/") ? specifier.startsWith(name) : packageOf(specifier) === name));

const READ_FROM_NODE = "read-from-node";
const READ = { namespace: READ_FROM_NODE };

const externals = {
  name: "externals",
  setup(context) {
    // "#name" (package.json "imports") as Node resolves it: a dependency stays one (and is then
    // external when it is one of EXTERNAL); the "workerd" stand-ins are for Workers bundles only.
    context.onResolve({ filter: /^#/ }, (args) => {
      const target = imports?.[args.path]?.default;
      if (typeof target !== "string" || target.startsWith("./")) return undefined;
      return context.resolve(target, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer });
    });
    context.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.namespace === READ_FROM_NODE) return { path: args.path, external: true };
      // Without the node: prefix where a bare name exists: jest 26 and 27 know no prefixed names.
      const bare = args.path.replace(/^node:/, "");
      if (builtinModules.includes(bare)) return { path: bare, ...(bare.includes("/") ? READ : { external: true }) };
      if (builtins.has(args.path) || args.path.startsWith("node:")) return { path: args.path, ...READ };
      return isExternal(args.path) ? { path: args.path, external: true } : undefined;
    });
    // jest 21 and 22 resolve a built-in module by a list of Node's that leaves out every name with a "/"
    // (stream/promises, util/types) and knows no node: names: such a module is taken from Node itself.
    context.onLoad({ filter: /.*/, namespace: READ_FROM_NODE }, (args) => ({
      contents: `module.exports = (typeof process.getBuiltinModule === "function" && process.getBuiltinModule(${JSON.stringify(args.path)})) || require(${JSON.stringify(args.path)});\n`,
      loader: "js",
    }));
  },
};

mkdirSync(out, { recursive: true });
const entry = Object.entries(ENTRIES)
  .map(([name, path]) => `export * as ${name} from ${JSON.stringify(path)};`)
  .join("\n");
// jest 26 and 27 run a test file in a context of their own that lacks the web globals Node has
// (fetch, Headers, TextDecoder, ...): the bundle takes what is missing from Node's own context,
// reached through a function of a built-in module.
const WEB_GLOBALS = [
  "fetch",
  "Headers",
  "Request",
  "Response",
  "FormData",
  "Blob",
  "File",
  "TextEncoder",
  "TextDecoder",
  "AbortController",
  "AbortSignal",
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "structuredClone",
  "atob",
  "btoa",
  "URL",
  "URLSearchParams",
  "EventTarget",
  "Event",
  "DOMException",
  "crypto",
  "performance",
];
// jest 25 and earlier give a test file a context of its own with its own ArrayBuffer, which Node's Web
// Crypto refuses (it checks for Node's own): the bundle's code uses Node's (the same one where Node runs it).
const BANNER = `var ArrayBuffer = require("util").inspect.constructor("return ArrayBuffer")();
(() => {
  const missing = ${JSON.stringify(WEB_GLOBALS)}.filter((name) => globalThis[name] === undefined);
  if (missing.length === 0) return;
  // Read in Node's own context: a lazy global read from another context stops Node 22 and later.
  const read = require("util").inspect.constructor("names", "return names.map((name) => globalThis[name]);");
  const values = read(missing);
  missing.forEach((name, i) => { if (values[i] !== undefined) globalThis[name] = values[i]; });
})();`;

await build({
  banner: { js: BANNER },
  stdin: { contents: entry, resolveDir: out, sourcefile: "entries.js" },
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // import() of an optional part becomes require(): jest runs no import() without a flag.
  supported: { "dynamic-import": false },
  plugins: [externals],
  outfile: join(out, "bundle.cjs"),
  logLevel: "warning",
  legalComments: "none",
  // Classes keep their names: pino writes `type: error.constructor.name` (`RequestError`, as Probot's
  // log lines), where the bundler would rename a class that refers to itself (`_RequestError`).
  keepNames: true,
});

writeFileSync(
  join(out, "load.cjs"),
  `"use strict";
// require() of an ES module fails with these where it is not supported: Node without
// require(esm) (ERR_REQUIRE_ESM), jest's runtime, which compiles it as CommonJS, or Yarn
// Plug'n'Play, whose zip archives Node's ES module loader reads only through yarn's
// asynchronous hooks, which require() does not run (the package's own files are "not found").
function cannotRequireEsm(error) {
  if (error === null || typeof error !== "object") return false;
  if (error.code === "ERR_REQUIRE_ESM") return true;
  if (process.versions.pnp !== undefined && error.code === "ERR_MODULE_NOT_FOUND") return true;
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
  // The same types, declared as CommonJS. Under module node16, TypeScript reports this re-export of an
  // ES module's declarations (TS1479) when it checks libraries (skipLibCheck false), though it
  // resolves the types all the same: the comment silences that one report.
  writeFileSync(
    join(out, `${name}.d.cts`),
    `// @ts-ignore TS1479: module node16 refuses to require() an ES module; the types resolve all the same.\nexport * from ${JSON.stringify(path)};\n`,
  );
  writeFileSync(
    join(out, `${name}.cjs`),
    `"use strict";\nmodule.exports = require("./load.cjs")(() => require(${JSON.stringify(NODE_ENTRIES[name])}), ${JSON.stringify(name)});\n`,
  );
}
