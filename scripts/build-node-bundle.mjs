// The package's own modules for Node, run by `npm run build` after tsc: every entry a Node
// process loads (the root, ./testing, the CLI's commands and hook, `app receive`'s fast path)
// bundled in one pass into dist/node, with the modules they share in common chunks, so that a
// process loading several entries holds one App, one AppError and one set of shared state.
// Node's ES module loader pays per module it loads: one file instead of about 170 takes about
// a quarter off the import (docs/benchmarks.md). Dependencies stay imports from node_modules;
// parts loaded with import() stay separate chunks, loaded only when used. Workers and other
// bundlers keep dist/src, whose separate modules they prune through `sideEffects`.
import { build } from "esbuild";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const out = join(dist, "node");
const { imports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** dist/commands/**\/*.js, as oclif finds them. */
function commandFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return commandFiles(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

const entryPoints = {
  index: join(dist, "src/index.js"),
  testing: join(dist, "src/testing/index.js"),
  actions: join(dist, "src/actions/index.js"),
  "fast-receive": join(dist, "src/cli/fast-receive.js"),
  "hooks/command-not-found": join(dist, "src/cli/hooks/command-not-found.js"),
};
for (const file of commandFiles(join(dist, "commands"))) {
  entryPoints[`commands/${relative(join(dist, "commands"), file).replace(/\.js$/, "")}`] = file;
}

// "#name" (package.json "imports"): a part of the package is bundled (it shares the modules of the
// rest), a dependency stays "#name", which Node resolves from any file of the package as before.
const packageImports = {
  name: "package-imports",
  setup(context) {
    context.onResolve({ filter: /^#/ }, (args) => {
      const target = imports?.[args.path]?.default;
      if (typeof target !== "string") return undefined;
      if (!target.startsWith("./")) return { path: args.path, external: true };
      return { path: join(root, target) };
    });
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  plugins: [packageImports],
  outdir: out,
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
  legalComments: "none",
  // Classes keep their names: pino writes `type: error.constructor.name` (`RequestError`, as Probot's
  // log lines), where the bundler would rename a class that refers to itself (`_RequestError`).
  keepNames: true,
});
