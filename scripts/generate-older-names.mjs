#!/usr/bin/env node
/**
 * Writes src/client/catalogue/older-names.generated.ts: the method names of Probot 7 and 8's
 * client, @octokit/rest 15, that the catalogue does not have (`apps.getInstallations`,
 * `issues.edit`, `search.issues`, `pullRequests.get`, ...), each with the catalogue method that
 * sends the same route. The client answers them as deprecated aliases of those methods.
 *
 * Only data is read: the routes file of `@octokit/rest@15.18.1` and the catalogue's generated
 * table (src/client/catalogue/routes.generated.ts). No code of either package is copied.
 *
 * Reproduce (from the repository root):
 *
 *   mkdir -p /tmp/rest-15 && cd /tmp/rest-15
 *   npm pack @octokit/rest@15.18.1 && tar xzf octokit-rest-15.18.1.tgz
 *   cd - && node scripts/generate-older-names.mjs /tmp/rest-15/package
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = join(ROOT, "src/client/catalogue/older-names.generated.ts");
const CATALOGUE = join(ROOT, "src/client/catalogue/routes.generated.ts");
const VERSION = "15.18.1";

const [packageDir] = process.argv.slice(2);
if (!packageDir) {
  console.error("Usage: node scripts/generate-older-names.mjs <extracted @octokit/rest 15.18.1 package dir>");
  process.exit(1);
}
const pkg = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
if (pkg.version !== VERSION) {
  console.error(`Expected @octokit/rest ${VERSION}, found ${pkg.version}.`);
  process.exit(1);
}
const routesText = await readFile(join(packageDir, "lib/routes.json"), "utf8");
const older = JSON.parse(routesText);

// The catalogue: "group.method" → its route, from the generated table's one-line entries.
const catalogue = new Map();
let group;
for (const line of (await readFile(CATALOGUE, "utf8")).split("\n")) {
  const start = /^ {4}([A-Za-z]+): \{$/.exec(line);
  if (start) group = start[1];
  const entry = /^ {6}([A-Za-z]+): \{ kind: "(\w+)", route: "([A-Z]+ [^"]+)"/.exec(line);
  if (entry && group) catalogue.set(`${group}.${entry[1]}`, { kind: entry[2], route: entry[3] });
}
if (catalogue.size < 700) throw new Error(`Read ${catalogue.size} catalogue methods; expected 701.`);

/** The route with each placeholder as `{}`: the same request whatever the parameters are called. */
const shape = (route) => route.replace(/\{[^}]+\}|:[a-z_]+/g, "{}");
/** `GET /repos/:owner/:repo/issues/:number` → `GET /repos/{owner}/{repo}/issues/{number}`. */
const template = (method, url) => `${method} ${url.replace(/:([a-z_]+)/g, "{$1}")}`;
const placeholders = (route) => [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

const byShape = new Map();
for (const [name, { kind, route }] of catalogue) {
  const list = byShape.get(shape(route)) ?? [];
  list.push({ name, kind, route });
  byShape.set(shape(route), list);
}

/**
 * Routes of @octokit/rest 15 that no method sends any more, though the platform answers the same
 * request at another route: the method that sends it now. (`GET .../git/refs/:ref` gave one ref,
 * now `.../git/ref/{ref}`; `GET .../git/refs/:namespace` listed the refs under a prefix, now
 * `.../git/matching-refs/{ref}`.) Probot 7 to 9's git-data app template reads a branch this way.
 */
const MOVED = {
  "GET /repos/{owner}/{repo}/git/refs/{ref}": "git.getRef",
  "GET /repos/{owner}/{repo}/git/refs/{namespace}": "git.listMatchingRefs",
};
const catalogueEntry = (name) => {
  const entry = catalogue.get(name);
  if (!entry) throw new Error(`MOVED names ${name}, which the catalogue lacks.`);
  return { name, ...entry };
};

const table = {};
let count = 0;
for (const [groupName, methods] of Object.entries(older)) {
  for (const [method, raw] of Object.entries(methods)) {
    const name = `${groupName}.${method}`;
    if (catalogue.has(name)) continue;
    const [aliasGroup, aliasMethod] = raw.alias ? raw.alias.split(".") : [groupName, method];
    const definition = raw.alias ? older[aliasGroup]?.[aliasMethod] : raw;
    if (!definition?.url) continue;
    const route = template(definition.method, definition.url);
    const candidates = byShape.get(shape(route)) ?? (MOVED[route] ? [catalogueEntry(MOVED[route])] : undefined);
    if (!candidates) continue;
    const named = candidates.find((c) => c.name === raw.alias || c.name === name);
    const chosen = named ?? candidates.find((c) => c.kind === "today") ?? candidates[0];
    const renamedParameters = {};
    const theirs = placeholders(route);
    const ours = placeholders(chosen.route);
    theirs.forEach((param, index) => {
      if (ours[index] !== undefined && ours[index] !== param) renamedParameters[param] = ours[index];
    });
    table[groupName] ??= {};
    table[groupName][method] = {
      target: chosen.name,
      route: chosen.route,
      ...(Object.keys(renamedParameters).length > 0 ? { renamedParameters } : {}),
    };
    count++;
  }
}

const sha = createHash("sha256").update(routesText).digest("hex");
const lines = [
  "// Generated by scripts/generate-older-names.mjs. Do not edit by hand: see",
  "// docs/client-methods.md to regenerate.",
  `// From @octokit/rest@${VERSION}, lib/routes.json sha256 ${sha}`,
  'import type { OlderNames } from "./types.js";',
  "",
  `/** How many names of @octokit/rest ${VERSION} the catalogue lacks and the client answers. */`,
  `export const OLDER_NAME_COUNT = ${count};`,
  "",
  "/**",
  ` * Each method name of @octokit/rest ${VERSION} (Probot 7 and 8's client) that the catalogue does`,
  " * not have, with the catalogue method that sends the same route. A new table on each call.",
  " */",
  "export function olderNames(): OlderNames {",
  "  return {",
];
for (const groupName of Object.keys(table).sort()) {
  lines.push(`    ${groupName}: {`);
  for (const method of Object.keys(table[groupName]).sort()) {
    const entry = table[groupName][method];
    const renamed = entry.renamedParameters
      ? `, renamedParameters: { ${Object.entries(entry.renamedParameters)
          .map(([from, to]) => `${from}: "${to}"`)
          .join(", ")} }`
      : "";
    lines.push(`      ${method}: { target: "${entry.target}", route: "${entry.route}"${renamed} },`);
  }
  lines.push("    },");
}
lines.push("  };", "}", "");
await writeFile(OUTPUT, lines.join("\n"));
console.log(`Wrote ${OUTPUT}: ${count} names.`);
