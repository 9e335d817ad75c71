// Test results of the corpus' runners, as one shape:
// { total, passed, failed, skipped, tests: Map<id, "passed" | "failed" | "skipped">, broken: [{ file, message }] }
// `broken` lists test files that did not run at all (a load error): their tests are not in `total`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The runner's arguments that make it write results the parser below reads. */
export function reporterArgs(runner, resultsFile) {
  switch (runner) {
    case "jest":
      return ["--ci", "--coverage=false", "--json", `--outputFile=${resultsFile}`];
    case "vitest":
      return ["run", "--coverage.enabled=false", "--reporter=json", `--outputFile=${resultsFile}`];
    case "node:test":
      return ["--test-reporter=tap"];
    case "mocha":
      return ["--reporter", "tap"];
    case "tap":
      return ["--reporter=tap"];
    case "ava":
      return ["--tap"];
    case "cucumber":
      return ["--format", `json:${resultsFile}`];
    default:
      return [];
  }
}

/** The name of the runner's executable under node_modules/.bin. */
export function runnerBin(runner) {
  return runner === "cucumber" ? "cucumber-js" : runner;
}

/** Reads the results of one run; `stdout` is the runner's standard output (TAP, uvu). */
export function readResults(runner, { resultsFile, stdout, root }) {
  if (runner === "jest" || runner === "vitest") {
    if (!existsSync(resultsFile)) return undefined;
    return fromJestJson(JSON.parse(readFileSync(resultsFile, "utf8")), root);
  }
  if (runner === "cucumber") {
    if (!existsSync(resultsFile)) return undefined;
    return fromCucumberJson(JSON.parse(readFileSync(resultsFile, "utf8")));
  }
  if (runner === "uvu") return fromUvu(stdout);
  return fromTap(stdout, root);
}

function fromJestJson(report, root) {
  const tests = new Map();
  const broken = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name ?? file.testFilePath ?? "");
    const cases = file.assertionResults ?? [];
    if (cases.length === 0 && file.status === "failed") {
      broken.push({ file: name, message: firstLines(file.message ?? file.failureMessage ?? "") });
    }
    for (const c of cases) {
      const title = [...(c.ancestorTitles ?? []), c.title].join(" > ");
      tests.set(uniqueId(tests, `${name} > ${title}`), statusOf(c.status));
    }
  }
  return summarize(tests, broken);
}

/** cucumber-js's JSON report: one test per scenario (each row of an outline is one), failed when a step or hook failed. */
function fromCucumberJson(features) {
  const tests = new Map();
  for (const feature of features) {
    for (const scenario of feature.elements ?? []) {
      if (scenario.type === "background") continue;
      const statuses = (scenario.steps ?? []).map((s) => s.result?.status);
      const status = statuses.every((s) => s === "passed")
        ? "passed"
        : statuses.some((s) => ["failed", "undefined", "ambiguous"].includes(s))
          ? "failed"
          : "skipped";
      tests.set(uniqueId(tests, `${feature.uri} > ${scenario.name}:${scenario.line}`), status);
    }
  }
  return summarize(tests, []);
}

function statusOf(status) {
  if (status === "passed") return "passed";
  if (status === "failed") return "failed";
  return "skipped";
}

/**
 * TAP from node:test, mocha, tap and ava: counts the leaves (a test point right after a deeper one is a parent).
 * node:test names a file without tests by its absolute path: under `root`, the path from it, so
 * that the two phases' checkouts (baseline/, migrated/) name the same file alike.
 */
export function fromTap(stdout, root) {
  const points = [];
  for (const line of stdout.split(/\r?\n/)) {
    const m = /^(\s*)(not ok|ok) \d+\b\s*(?:-\s*)?(.*)$/.exec(line);
    if (!m) continue;
    const [, indent, verdict, rest] = m;
    const skip = /#\s*(SKIP|TODO)/i.test(rest);
    // tap adds each test's duration (`# time=12.3ms`), which differs from run to run: not part of the name.
    const bare = rest.replace(/\s*#\s*(SKIP|TODO|time=).*$/i, "").trim();
    const name = root && bare.startsWith(root + path.sep) ? path.relative(root, bare) : bare;
    points.push({ depth: indent.length, name, status: skip ? "skipped" : verdict === "ok" ? "passed" : "failed" });
  }
  const tests = new Map();
  const ancestors = [];
  // TAP 14 subtests print their children's points first, then the parent's: walking backwards,
  // a parent comes before its children, and a point right before a deeper one is a parent.
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    while (ancestors.length > 0 && ancestors.at(-1).depth >= p.depth) ancestors.pop();
    const isParent = i > 0 && points[i - 1].depth > p.depth;
    if (!isParent) tests.set(uniqueId(tests, [...ancestors.map((a) => a.name), p.name].join(" > ")), p.status);
    ancestors.push(p);
  }
  return summarize(tests, []);
}

/** uvu prints only totals: `Total: 5  Passed: 4  Skipped: 0`. */
function fromUvu(stdout) {
  // eslint-disable-next-line no-control-regex
  const text = stdout.replace(/\u001b\[[0-9;]*m/g, "");
  const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
  if (Number.isNaN(total)) return undefined;
  return { total, passed, failed: total - passed - skipped, skipped, tests: new Map(), broken: [] };
}

function summarize(tests, broken) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const status of tests.values()) {
    if (status === "passed") passed++;
    else if (status === "failed") failed++;
    else skipped++;
  }
  return { total: tests.size, passed, failed, skipped, tests, broken };
}

function uniqueId(tests, id) {
  let candidate = id;
  for (let n = 2; tests.has(candidate); n++) candidate = `${id} (${n})`;
  return candidate;
}

function firstLines(text) {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, "");
  // The line that names the cause, where jest puts it below its boilerplate.
  const cause = /(SyntaxError|TypeError|ReferenceError|Cannot find module|error TS\d+)[^\n]*/.exec(plain);
  if (cause) return cause[0].trim().slice(0, 300);
  return plain
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(" | ")
    .slice(0, 300);
}
