#!/usr/bin/env node
/**
 * Writes src/client/catalogue/routes.generated.ts: for every REST method of the
 * client method catalogue, the route it sent when the catalogue was written,
 * the request defaults that shaped it, and how it maps onto today's methods.
 *
 * The facts come from the data file of
 * `@octokit/plugin-rest-endpoint-methods@3.17.0` (whose method list is the
 * catalogue's), compared with the same data file of the version installed in
 * node_modules today. Only data is read; no code of either package is copied.
 *
 * Reproduce (from the repository root):
 *
 *   mkdir -p /tmp/rest-3.17.0 && cd /tmp/rest-3.17.0
 *   npm pack @octokit/plugin-rest-endpoint-methods@3.17.0
 *   tar xzf octokit-plugin-rest-endpoint-methods-3.17.0.tgz
 *   cd - && node scripts/generate-catalogue.mjs /tmp/rest-3.17.0/package
 *
 * Optional second argument: the catalogue JSON (default:
 * test/client/client-method-catalogue.json, a copy of the spec's file).
 * The script fails, writing nothing, when 3.17.0's method list differs from
 * the catalogue or when a renamed method cannot be mapped faithfully.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { countKinds, render } from "./catalogue/render-catalogue.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = join(ROOT, "src/client/catalogue/routes.generated.ts");
const DEFAULT_CATALOGUE = join(ROOT, "test/client/client-method-catalogue.json");
const HISTORIC_VERSION = "3.17.0";
/** Catalogue groups that are not REST endpoints: the framework's own plugins. */
const FRAMEWORK_GROUPS = ["config"];

async function main() {
  const [historicDir, cataloguePath = DEFAULT_CATALOGUE] = process.argv.slice(2);
  if (!historicDir) {
    fail("Usage: node scripts/generate-catalogue.mjs <extracted 3.17.0 package dir> [catalogue.json]");
  }

  const historic = await loadEndpoints(resolve(historicDir));
  if (historic.version !== HISTORIC_VERSION) {
    fail(`Expected version ${HISTORIC_VERSION} in ${historicDir}, found ${historic.version}.`);
  }
  const todayDir = dirname(dirname(fileURLToPath(import.meta.resolve("@octokit/plugin-rest-endpoint-methods"))));
  const today = await loadEndpoints(todayDir);
  const catalogue = JSON.parse(await readFile(cataloguePath, "utf8"));

  checkSameMethodList(catalogue, historic.endpoints);
  const table = classify(historic.endpoints, today.endpoints);
  await writeFile(OUTPUT, render(table, historic, today, frameworkMethods(catalogue)));
  const counts = countKinds(table);
  console.log(`Wrote ${OUTPUT}`);
  console.log(JSON.stringify(counts));
}

/** Reads a package's version and its generated endpoints data module. */
async function loadEndpoints(packageDir) {
  const { name, version } = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
  if (name !== "@octokit/plugin-rest-endpoint-methods") {
    fail(`${packageDir} holds ${name}, not @octokit/plugin-rest-endpoint-methods.`);
  }
  const source = await readFile(join(packageDir, "dist-src/generated/endpoints.js"), "utf8");
  // The file is a single `const Endpoints = {...}; export default Endpoints;`
  // literal; loading it as a data: URL works whatever the package's "type".
  const module = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  const sha256 = createHash("sha256").update(source).digest("hex");
  return { version, endpoints: module.default, sha256 };
}

/** Fails unless 3.17.0 has exactly the catalogue's REST methods. */
function checkSameMethodList(catalogue, endpoints) {
  const wanted = new Set();
  for (const [group, methods] of Object.entries(catalogue)) {
    if (FRAMEWORK_GROUPS.includes(group)) continue;
    for (const method of methods) wanted.add(`${group}.${method}`);
  }
  const found = new Set(listMethods(endpoints).map(([group, method]) => `${group}.${method}`));
  const missing = [...wanted].filter((name) => !found.has(name));
  const extra = [...found].filter((name) => !wanted.has(name));
  if (missing.length > 0 || extra.length > 0) {
    fail(
      `3.17.0's methods differ from the catalogue.\n  missing from 3.17.0: ${missing.join(", ") || "none"}\n  not in the catalogue: ${extra.join(", ") || "none"}`,
    );
  }
  const frameworkCount = FRAMEWORK_GROUPS.reduce((n, g) => n + (catalogue[g]?.length ?? 0), 0);
  console.log(
    `3.17.0 matches the catalogue: ${found.size} REST methods + ${frameworkCount} framework method(s) = ${found.size + frameworkCount}.`,
  );
}

/** One entry per 3.17.0 method: its facts plus its kind today. */
function classify(historicEndpoints, todayEndpoints) {
  const todayByRoute = new Map();
  for (const [group, method, [route]] of listMethods(todayEndpoints)) {
    const names = todayByRoute.get(route) ?? [];
    names.push(`${group}.${method}`);
    todayByRoute.set(route, names);
  }
  const table = {};
  for (const [group, method, [route, defaults, decorations = {}]] of listMethods(historicEndpoints)) {
    const entry = { kind: "", route };
    if (defaults && Object.keys(defaults).length > 0) entry.defaults = defaults;
    if (decorations.renamed) entry.renamed = decorations.renamed.join(".");
    if (decorations.deprecated) entry.deprecated = decorations.deprecated;
    if (decorations.renamedParameters) entry.renamedParameters = decorations.renamedParameters;
    if (decorations.mapToData) entry.mapToData = decorations.mapToData;

    const current = todayEndpoints[group]?.[method];
    if (current) {
      entry.kind = current[0] === route ? "today" : "changed";
      if (entry.kind === "changed") entry.todayRoute = current[0];
    } else if (todayByRoute.has(route)) {
      entry.kind = "alias";
      entry.target = pickTarget(todayByRoute.get(route), entry, group, todayEndpoints);
      checkAliasData(`${group}.${method}`, entry, todayEndpoints);
    } else {
      entry.kind = "historic";
      if (entry.mapToData) fail(`${group}.${method}: mapToData on a historic route is not supported.`);
    }
    (table[group] ??= {})[method] = orderKeys(entry);
  }
  return table;
}

/**
 * Chooses today's method for an alias among those with the identical route:
 * 3.17.0's own replacement when it is one of them, else names today does not
 * itself mark as renamed, then the same group, then alphabetical order.
 */
function pickTarget(candidates, entry, group, todayEndpoints) {
  if (entry.renamed && candidates.includes(entry.renamed)) {
    return followTodayRename(entry.renamed, candidates, todayEndpoints);
  }
  const rank = (name) => [lookup(todayEndpoints, name)[2]?.renamed ? 1 : 0, name.startsWith(`${group}.`) ? 0 : 1];
  const sorted = [...candidates].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || a.localeCompare(b);
  });
  return followTodayRename(sorted[0], candidates, todayEndpoints);
}

/** When today renames the chosen method to another one with the same route, use that. */
function followTodayRename(name, candidates, todayEndpoints) {
  const renamed = lookup(todayEndpoints, name)[2]?.renamed?.join(".");
  return renamed && candidates.includes(renamed) ? renamed : name;
}

/** An alias sends through today's method, so its body mapping must agree. */
function checkAliasData(name, entry, todayEndpoints) {
  const targetMapToData = lookup(todayEndpoints, entry.target)[2]?.mapToData;
  if ((entry.mapToData ?? undefined) !== targetMapToData) {
    fail(`${name}: 3.17.0 maps "${entry.mapToData}" to the body, today's ${entry.target} maps "${targetMapToData}".`);
  }
}

function lookup(endpoints, name) {
  const [group, method] = name.split(".");
  return endpoints[group][method];
}

function listMethods(endpoints) {
  return Object.entries(endpoints)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([group, methods]) =>
      Object.entries(methods)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([method, value]) => [group, method, value]),
    );
}

const KEY_ORDER = [
  "kind",
  "route",
  "target",
  "todayRoute",
  "renamed",
  "deprecated",
  "defaults",
  "renamedParameters",
  "mapToData",
];

function orderKeys(entry) {
  return Object.fromEntries(KEY_ORDER.filter((k) => k in entry).map((k) => [k, entry[k]]));
}

function frameworkMethods(catalogue) {
  return FRAMEWORK_GROUPS.flatMap((group) => (catalogue[group] ?? []).map((method) => `${group}.${method}`));
}

function fail(message) {
  console.error(`generate-catalogue: ${message}`);
  process.exit(1);
}

await main();
