import { visit } from "recast";
import { parseWithBabel } from "./parse-source.js";
import { exportedFunctions, relativeCallTargets } from "./router-handoffs.js";
import { lineOf, type AnyNode, type Problem } from "./source-types.js";

/** The start of the report of an app function in Probot's shape (find-app-functions.ts). */
const APP_FUNCTION_REPORT = "the app function takes ";

/** Tests and their fixtures call app functions directly, as a loader would. */
const TEST_FILE = /(^|[\\/])(__tests__|__mocks__|__fixtures__|tests?|spec|fixtures)[\\/]|\.(test|spec)\.[cm]?[jt]sx?$/;

type Source = [file: string, before: string, after: { problems: Problem[]; error?: string }];
type Resolve = (from: string, module: string) => number | undefined;

/**
 * The files package.json names as the app's entries: `main`, and what its scripts hand to
 * `probot run` or `app run`.
 */
export function entryModules(manifest: string): string[] {
  let pkg: { main?: unknown; scripts?: Record<string, unknown> };
  try {
    pkg = JSON.parse(manifest) as typeof pkg;
  } catch {
    return [];
  }
  const found = typeof pkg.main === "string" ? [pkg.main] : [];
  for (const script of Object.values(pkg.scripts ?? {}))
    for (const match of String(script).matchAll(/\b(?:probot|app) run\s+((?:\S+\s+)*?)([^\s-][^\s;&|]*)/g))
      found.push(match[2] as string);
  return found.map((file) => (file.startsWith(".") ? file : `./${file}`));
}

/**
 * An exported function in Probot's app-function shape that another module of the app (not a test)
 * calls directly, and that is no entry of the app, is a helper the app function hands its argument
 * to (`createScheduler(robot, options)`): once the app function has the current shape it gets the
 * App, and needs no change. Its report is dropped.
 */
export function dropHelperReports(sources: Source[], entries: ReadonlySet<number>, resolve: Resolve): void {
  const called = new Map<number, Set<string>>();
  for (const [file, before, after] of sources) {
    if (after.error || TEST_FILE.test(file) || !/require|import/.test(before)) continue;
    let ast: AnyNode;
    try {
      ast = parseWithBabel(file, before) as unknown as AnyNode;
    } catch {
      continue;
    }
    const target = relativeCallTargets(ast);
    visit(ast, {
      visitCallExpression(path) {
        const node = path.node as AnyNode;
        const found = (node.arguments as AnyNode[]).length > 0 ? target(node.callee as AnyNode) : undefined;
        const index = found && resolve(file, found.module);
        if (found && index !== undefined && !entries.has(index))
          called.set(index, new Set([...(called.get(index) ?? []), found.name]));
        this.traverse(path);
      },
    });
  }
  for (const [index, names] of called) {
    const [file, before, after] = sources[index] as Source;
    if (!after.problems.some((p) => p.message.startsWith(APP_FUNCTION_REPORT))) continue;
    const exported = exportedFunctions(parseWithBabel(file, before) as unknown as AnyNode);
    const lines = new Set([...names].map((name) => exported.get(name)).map((fn) => fn && lineOf(fn)));
    after.problems = after.problems.filter((p) => !(p.message.startsWith(APP_FUNCTION_REPORT) && lines.has(p.line)));
  }
}
