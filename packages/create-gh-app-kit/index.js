#!/usr/bin/env node
// `npm create gh-app-kit my-bot -- --template javascript` runs this file with "my-bot" and the
// flags of `app new`. Packed (npm pack runs build.mjs), the package carries `app new` itself:
// dist/initializer.js holds the framework's scaffolding code and its two small dependencies in
// one file, templates/ the framework's templates, and dist/framework.json its version and
// `overrides`. It depends on nothing, so npm installs it on every supported Node without a
// warning; the framework is installed in the new app, where its `overrides` apply.
// In a clone (nothing packed), it runs the clone's own build, as `app new` from the clone does.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (path) => new URL(path, import.meta.url);

if (existsSync(here("./dist/initializer.js"))) {
  const { runInitializer } = await import(here("./dist/initializer.js").href);
  const { version, overrides } = JSON.parse(readFileSync(here("./dist/framework.json"), "utf8"));
  const packed = { templatesDir: fileURLToPath(here("./templates")), version, overrides };
  process.exitCode = await runInitializer(process.argv.slice(2), { packed });
} else if (existsSync(here("../../dist/src/cli/initializer.js"))) {
  const { runInitializer } = await import(here("../../dist/src/cli/initializer.js").href);
  process.exitCode = await runInitializer(process.argv.slice(2));
} else {
  process.stderr.write(
    "Error: this create-gh-app-kit is neither packed nor inside a built clone of gh-app-kit.\n" +
      "Hint: Run npm run build in the clone, or npm create gh-app-kit@latest.\n",
  );
  process.exitCode = 1;
}
