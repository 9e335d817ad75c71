// Run by npm pack (prepack; postpack runs it with --clean): puts into this package what
// `app new` needs, so that it depends on nothing. The framework's own dependencies need its
// `overrides` to install without EBADENGINE on Node 20, and no `overrides` reaches the install
// of an initializer by npm create; the app's own install gets them (dist/framework.json).
// - dist/initializer.js: src/cli/initializer.ts of the clone bundled with what it imports
//   (the scaffolding code, inquirer, validate-npm-package-name), for Node 20.19 and later;
// - dist/framework.json: the framework's version and `overrides`, from the clone's package.json;
// - templates/: a copy of the clone's templates.
import { build } from "esbuild";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
rmSync(join(here, "dist"), { recursive: true, force: true });
rmSync(join(here, "templates"), { recursive: true, force: true });
if (process.argv.includes("--clean")) process.exit(0);

const framework = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const own = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
if (framework.name !== "gh-app-kit" || framework.version !== own.version) {
  throw new Error(`create-gh-app-kit ${own.version} must be packed in a clone of gh-app-kit of the same version.`);
}
await build({
  entryPoints: [join(root, "src", "cli", "initializer.ts")],
  outfile: join(here, "dist", "initializer.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  // The CommonJS parts of the dependencies require Node's built-in modules.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
  },
  legalComments: "eof",
  logLevel: "warning",
});
// The entries app new writes: a spec, or specs under a parent's name (readPackageOverrides in
// src/helpers/package-overrides.ts).
const isSpec = (value) => typeof value === "string" && !value.startsWith("$");
const overrides = Object.fromEntries(
  Object.entries(framework.overrides ?? {}).flatMap(([name, value]) => {
    if (isSpec(value)) return [[name, value]];
    if (typeof value !== "object" || value === null) return [];
    const nested = Object.entries(value).filter(([key, spec]) => key !== "." && isSpec(spec));
    return nested.length > 0 ? [[name, Object.fromEntries(nested)]] : [];
  }),
);
writeFileSync(
  join(here, "dist", "framework.json"),
  `${JSON.stringify({ version: framework.version, overrides }, null, 2)}\n`,
);
mkdirSync(join(here, "templates"), { recursive: true });
cpSync(join(root, "templates"), join(here, "templates"), { recursive: true });
