// Declarations for TypeScript before 5.0, run by `npm run build` after tsc and build-cjs.mjs.
// TypeScript 4.x cannot parse the declaration files of Hono and pino (they use syntax of
// TypeScript 5), not even with skipLibCheck, and gh-app-kit's own declarations name a few of
// their types: the router (`getRouter()`), the logger (`app.log`), the Lambda event. Many apps
// written for Probot 12 still compile with TypeScript 4. dist/ts4 is a copy of the declarations
// whose imports of those packages point to small stand-ins (types/ts4/), chosen by package.json's
// "typesVersions" (node10 resolution) and "types@<5.0" conditions (node16 and bundler).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist/ts4");
const shims = join(out, "shims");
/** A package whose declarations TypeScript 4 cannot read → its stand-in, in dist/ts4. */
const STAND_INS = {
  hono: "shims/hono.js",
  "hono/aws-lambda": "shims/hono-aws-lambda.js",
  pino: "shims/pino.js",
  "pino-pretty": "shims/pino-pretty.js",
  "@octokit/webhooks": "octokit-webhooks/index.js",
};
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*)(["'])([^"']+)\2/g;

rmSync(out, { recursive: true, force: true });
mkdirSync(shims, { recursive: true });
cpSync(join(root, "types/ts4"), shims, { recursive: true });

// @octokit/webhooks' declarations import each other with `.ts` extensions, which only TypeScript 5 accepts:
// TypeScript 4 cannot resolve them and reads every webhook payload as any. The same files with `.js` ones. Their
// own imports of packages (@octokit/openapi-webhooks-types, a dependency of this package too) stay as they are.
const webhooks = join(root, "node_modules/@octokit/webhooks/dist-types");
for (const file of readdirSync(webhooks, { recursive: true })) {
  if (!/\.d\.ts$/.test(file)) continue;
  const text = readFileSync(join(webhooks, file), "utf8").replace(SPECIFIER, (whole, before, quote, specifier) =>
    specifier.startsWith(".") ? `${before}${quote}${specifier.replace(/\.ts$/, ".js")}${quote}` : whole,
  );
  mkdirSync(dirname(join(out, "octokit-webhooks", file)), { recursive: true });
  writeFileSync(join(out, "octokit-webhooks", file), text);
}

// The declarations the package's entries reach, through relative imports.
const queue = [
  "src/index.d.ts",
  "src/testing/index.d.ts",
  "src/actions/index.d.ts",
  "cjs/index.d.cts",
  "cjs/testing.d.cts",
  "cjs/actions.d.cts",
];
const seen = new Set(queue);
const left = [];
while (queue.length > 0) {
  const file = queue.shift();
  const target = join(out, file);
  const text = readFileSync(join(root, "dist", file), "utf8").replace(SPECIFIER, (whole, before, quote, specifier) => {
    if (specifier.startsWith(".")) {
      const next = join(dirname(file), specifier.replace(/\.js$/, ".d.ts").replace(/\.cjs$/, ".d.cts"));
      if (!seen.has(next)) seen.add(next) && queue.push(next);
      return whole;
    }
    const standIn = STAND_INS[specifier];
    if (standIn === undefined) {
      if (/^(hono|pino)(\/|$)|^pino-/.test(specifier)) left.push(`dist/${file}: "${specifier}"`);
      return whole;
    }
    let path = relative(dirname(target), join(out, standIn)).replaceAll("\\", "/");
    if (!path.startsWith(".")) path = `./${path}`;
    return `${before}${quote}${path}${quote}`;
  });
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}
if (left.length > 0) {
  console.error(`build-ts4-types: no stand-in in types/ts4/ for:\n  ${left.join("\n  ")}`);
  process.exit(1);
}
