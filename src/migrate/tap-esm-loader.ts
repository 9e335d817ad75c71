import { parseWithBabel } from "./parse-source.js";
import type { SourceLog } from "./source-types.js";

/**
 * tap 12.5 to 14 run each .js test file as `node -r esm <file>` unless told `esm: false` (tap 15
 * dropped the loader). The `esm` package's loader compiles every CommonJS module a test then loads,
 * and its parser (2019) stops at later syntax: Probot 10's build passed, gh-app-kit's (`?.`) does
 * not, and every test file that loads it fails before its first test (wip/app on Probot 10, tap 14).
 * Where the app's .js files are CommonJS, the loader does nothing for them: it is turned off in the
 * config tap reads from package.json. Where one is written with `import`, the loader is what runs it:
 * reported, as is a setting of `esm: true`.
 */
export function migrateTapEsmLoader(
  manifest: Record<string, unknown>,
  { moduleSyntaxIn, taprc }: { moduleSyntaxIn?: string | undefined; taprc?: string | undefined },
  line: number | undefined,
  log: SourceLog,
): boolean {
  const major = tapMajor(manifest);
  if (major === undefined || major < 12 || major > 14) return false;
  const config = isRecord(manifest.tap) ? manifest.tap : undefined;
  const fromRc = /^\s*esm\s*:\s*(\S+)/m.exec(taprc ?? "")?.[1];
  const setting = config && "esm" in config ? config.esm : fromRc;
  if (setting === false || setting === "false") return false;
  const why =
    `tap ${major} runs each .js test file under the esm package's loader, ` +
    "whose parser (2019) cannot read gh-app-kit's build (optional chaining): a test that loads it fails before it starts";
  const hint =
    "Turn the loader off (tap's esm: false, in package.json's \"tap\" or in .taprc) once the tests load with require() " +
    "or as .mjs files, or move to tap 15 or later, which runs ES modules without it.";
  if (setting !== undefined) {
    log.problems.push({ line, message: `${why}; the app sets esm: ${String(setting)}`, hint });
    return false;
  }
  if (moduleSyntaxIn !== undefined) {
    log.problems.push({
      line,
      message: `${why}; ${moduleSyntaxIn} is written with import, which that loader runs`,
      hint,
    });
    return false;
  }
  manifest.tap = { ...(config ?? {}), esm: false };
  log.changes.push({
    line: line ?? 0,
    text: `tap: esm false (tap ${major} loaded each test through the esm package, whose parser cannot read gh-app-kit's build; the app's .js files use require())`,
  });
  return true;
}

/** `-r esm`, `--require esm`, `--require=esm` in a command line. */
const ESM_HOOK_FLAG = /(?:^|\s)(?:-r|--require)(?:\s+|=)["']?esm["']?(?=\s|$)/;

/**
 * The same loader given to a runner by the app itself, to run its `import` statements: ava's and
 * mocha's `require` in package.json, or `-r esm` in a script. It is what runs them, so it stays, and
 * cannot read gh-app-kit's build: reported once, where it is.
 */
export function reportEsmRequireHook(
  manifest: Record<string, unknown>,
  lineOfKey: (key: string) => number | undefined,
  log: SourceLog,
): void {
  const places: Array<[where: string, key: string]> = [];
  for (const runner of ["ava", "mocha"]) {
    const config = manifest[runner];
    const required = isRecord(config) ? config.require : undefined;
    if ((Array.isArray(required) ? required : [required]).includes("esm")) places.push([`${runner}'s require`, runner]);
  }
  const scripts = isRecord(manifest.scripts) ? manifest.scripts : {};
  for (const [name, script] of Object.entries(scripts))
    if (typeof script === "string" && ESM_HOOK_FLAG.test(script)) places.push([`script ${name}`, name]);
  const [first] = places;
  if (!first) return;
  log.problems.push({
    line: lineOfKey(first[1]),
    message:
      `${places.map(([where]) => where).join(", ")} loads the esm package as a require hook; its parser (2019) ` +
      "cannot read gh-app-kit's build (optional chaining), so a module that loads gh-app-kit through it fails before it runs",
    hint:
      'Run the ES modules with Node itself (.mjs files, or "type": "module" in package.json) or a current compiler ' +
      "(tsx, @babel/register) in place of esm, or write those files with require().",
  });
}

/** The major of the tap the app declares (the lowest its range allows), or undefined. */
function tapMajor(manifest: Record<string, unknown>): number | undefined {
  for (const field of ["devDependencies", "dependencies"]) {
    const dependencies = manifest[field];
    const range = isRecord(dependencies) ? dependencies.tap : undefined;
    if (typeof range !== "string") continue;
    const match = /^\s*(?:[\^~]|>=?)?\s*v?(\d+)(?:\.|\s*$)/.exec(range);
    return match ? Number(match[1]) : undefined;
  }
  return undefined;
}

/** Whether a .js file of a CommonJS package is written as an ES module (import or export statements). */
export function isWrittenAsModule(file: string, code: string): boolean {
  if (!/\.jsx?$/.test(file) || !/\b(?:import|export)\b/.test(code)) return false;
  try {
    const ast = parseWithBabel(file, code) as unknown as { program: { body: Array<{ type: string }> } };
    return ast.program.body.some((statement) => /^(?:Import|Export\w*)Declaration$/.test(statement.type));
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
