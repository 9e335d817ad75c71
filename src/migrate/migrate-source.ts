import { visit } from "recast";
import { reportAppFunctions, type AppFunctionHandoff } from "./find-app-functions.js";
import { isMissingExport, table } from "./probot-names.js";
import { findModuleReferences } from "./find-module-references.js";
import { parseWithBabel } from "./parse-source.js";
import { rewriteProbot9Context } from "./probot-9-context.js";
import { rewriteTypesReferences } from "./module-specifier-rewrites.js";
import type { BaseClassMembers } from "./context-base-classes.js";
import { renameContextClient } from "./rename-context-client.js";
import { collectIdentifierNames } from "./identifier-roles.js";
import { renameImportedNames } from "./rename-imported-names.js";
import { bindMissingImports } from "./missing-import-names.js";
import { renameOptionKeys } from "./rename-option-keys.js";
import { renameExpectedNumbers } from "./probot-9-expectations.js";
import { renameTypedOptionKeys } from "./rename-typed-options.js";
import { renameClientMembers } from "./rename-client-members.js";
import { reportExpressRoutes } from "./report-express-routes.js";
import type { RouterParam } from "./router-handoffs.js";
import type { RouterHandoff } from "./router-values.js";
import { reportOctokitRestTypes } from "./report-octokit-rest-types.js";
import { rewriteCommentTypes } from "./rewrite-comment-types.js";
import { findUnintendedChange } from "./verify-rewrite.js";
import { rewriteGitHubApiCalls } from "./github-api-calls.js";
import { reportLoggerTarget } from "./report-logger-target.js";
import { awaitWebhookMethods } from "./await-webhook-methods.js";
import { rewriteLoadAnswers } from "./load-answer.js";
import { migrateProbotInstanceMembers, reportProbotRun, reportServerExpressApp } from "./probot-server-members.js";
import { rewriteWildcardOn } from "./wildcard-on.js";
import { answerOwnerConfigRepo } from "./nock-config-fallback.js";
import { encodeNockContentsPaths } from "./nock-contents-paths.js";
import {
  keyName,
  lineOf,
  MEMBER_DOT,
  SourceEdits,
  TOKEN_GAP,
  type AnyNode,
  type ProbotAliases,
  type SourceLog,
  type SourceWork,
} from "./source-types.js";

/**
 * Text that any file the migration would change or report on contains (`github:`: a context double's key;
 * `.webhooks.sign(`: a call awaited now), however its tokens stand apart.
 */
const CANDIDATE = new RegExp(
  [
    "probot|octokit|githubToken|getRouter",
    String.raw`\b(context|ctx)${MEMBER_DOT}(github|event|issue)\b`,
    String.raw`\bgithub["']?${TOKEN_GAP}:`,
    String.raw`\b(app|robot)${MEMBER_DOT}on(Any|Error)?${TOKEN_GAP}\(`,
    String.raw`\.${TOKEN_GAP}webhooks${MEMBER_DOT}(sign|verify)${TOKEN_GAP}\(`,
  ].join("|"),
  "i",
);

/** A call of a test's `expect(...)`. */
const EXPECT_CALL = new RegExp(String.raw`\bexpect${TOKEN_GAP}\(`);

export type MigrateSourceOptions = {
  /** The exports other files of the app pass a router of getRouter()'s to (see `handoffs`). */
  routerParams?: ReadonlyArray<RouterParam> | undefined;
  /** The app has Probot extensions installed (`probot-config`): context doubles keep the name they read. */
  extensions?: boolean | undefined;
  /** The exports other files of the app hand to a loader (see `loaded`): app functions, reported as such. */
  loadedExports?: ReadonlySet<string> | undefined;
  /** The app's own modules this file names that hand on all of probot (probot-reexports.ts). */
  aliases?: ProbotAliases | undefined;
  /** The context members of the base classes other files of the app export (context-base-classes.ts). */
  bases?: BaseClassMembers | undefined;
  /**
   * The app's probot admits no Probot 13: its createNodeMiddleware took deliveries at `/` without a
   * `webhooksPath`, where this one's default is `/api/github/webhooks` (rename-option-keys.ts).
   */
  middlewareAtRoot?: boolean | undefined;
  /**
   * The app's probot admits no Probot 10: its client sent the contents route's file path with its
   * slashes as they are, which its suite's nock paths say (nock-contents-paths.ts).
   */
  contentsPathSlashes?: boolean | undefined;
  /**
   * The app's Probot is older than 9.3: its context.config() read no file of the owner's `.github`
   * repository, which its suite's nock interceptors did not answer (nock-config-fallback.ts).
   */
  configWithoutOwnerRepo?: boolean | undefined;
  /**
   * The app's probot admits no Probot 10: its client took `number` for the issue or pull request, which its
   * suite's expectations of client doubles record (probot-9-expectations.ts).
   */
  probot9Client?: boolean | undefined;
  /**
   * The app's TypeScript compiles to CommonJS (typescript-module.ts): a `.ts` file's imports are
   * `require()` calls once compiled, so a name gh-app-kit lacks does not keep the file from loading.
   */
  commonJsTypeScript?: boolean | undefined;
};

export type SourceResult = SourceLog & {
  code: string;
  /** Routers this file passes to functions of other files: `require("./routes")(router)`. */
  handoffs?: RouterHandoff[];
  /** Functions of other files this file hands to a loader: `createNodeMiddleware(appFunction, ...)`. */
  loaded?: AppFunctionHandoff[];
  /**
   * Lines of routes and middleware written for Express on getRouter()'s routers: they run through the
   * app's `express` on a Node server, so package.json declares it (report-probot-dependencies.ts).
   */
  expressRoutes?: number[];
};

/** Only the changed tokens are replaced, so formatting, comments and semicolons (or none) stay. */
export function migrateSource(file: string, code: string, options: MigrateSourceOptions = {}): SourceResult {
  const routerParams = options.routerParams ?? [];
  const loadedExports = options.loadedExports ?? new Set<string>();
  const contentsPathSlashes = Boolean(options.contentsPathSlashes);
  const nockPaths = contentsPathSlashes && /\bnock\b/.test(code) && code.includes("/contents/");
  const nockConfig = Boolean(options.configWithoutOwnerRepo) && /\bnock\b/.test(code) && code.includes("/contents/");
  const expectedNumbers = Boolean(options.probot9Client) && EXPECT_CALL.test(code) && /\bnumber\b/.test(code);
  if (
    routerParams.length + loadedExports.size === 0 &&
    !CANDIDATE.test(code) &&
    !nockPaths &&
    !nockConfig &&
    !expectedNumbers
  )
    return { code, changes: [], problems: [] };
  if (holdsProbot(code)) {
    // Build output (esbuild, webpack, ncc) with probot's own modules inside: renaming there breaks it.
    const message = "left as it was: a bundle with probot inside (build output)";
    return { code, changes: [], problems: [{ message, hint: BUNDLE_HINT }] };
  }
  const ast = parseWithBabel(file, code) as unknown as AnyNode; // a file that does not parse is thrown: unreadable
  try {
    const extensions = Boolean(options.extensions);
    const { aliases, bases } = options;
    const middlewareAtRoot = Boolean(options.middlewareAtRoot);
    const commonJsTypeScript = Boolean(options.commonJsTypeScript);
    return migrateTree(file, code, ast, {
      routerParams,
      loadedExports,
      extensions,
      aliases,
      bases,
      middlewareAtRoot,
      nockPaths,
      nockConfig,
      expectedNumbers,
      commonJsTypeScript,
    });
  } catch (error) {
    // A fault of the migration's own on code it has not met: the file stays as it was, and the user hears of it.
    const message = `left as it was: app migrate failed on this file (${(error as Error).message})`;
    return { code, changes: [], problems: [{ message, hint: UNPROVEN_HINT }] };
  }
}

/**
 * A bundler's mark of one of probot's own modules: esbuild's comment line before each module
 * (`// node_modules/probot/lib/context.js`), webpack's module key (`"./node_modules/probot/lib/index.js":`)
 * or banner (`/*!*** ./node_modules/probot/...`). The path alone is not one: a comment that names it in a
 * sentence, a config that maps it, or a script that imports it through a relative path is the app's own.
 */
const BUNDLED_PROBOT =
  /^[ \t]*\/\/ (?:\.\.?\/)*node_modules\/probot\/(?:lib|dist|src)\/[^\s]+\.[cm]?js[ \t]*\r?$|["']\.\/node_modules\/probot\/(?:lib|dist|src)\/[^"']+["']\s*:|\*{3} \.\/node_modules\/probot\//m;
/**
 * What a minified bundle, which keeps no module paths, still holds of Probot (10 to 14): its
 * client's user agent (`probot/${VERSION}`) and the "[@probot/...]" prefix of its helpers' errors.
 */
const PROBOT_STRINGS = /`probot\/\$\{|\[@probot\/[a-z-]+\]/;
/** A line longer than any written by hand: a minifier's output. */
const MINIFIED_LINE = 1000;
/** A bundler's module runtime (webpack and ncc, esbuild, rollup's CommonJS helper). */
const BUNDLER_RUNTIME = /__webpack_require__|__webpack_modules__|__nccwpck_require__|\b__commonJS\(|\bcommonjsGlobal\b/;
/** Probot's own class, as its compiled lib defines and exports it (ES5 or ES2017 output). */
const PROBOT_DEFINED = /\b(?:function Probot\s*\(|class Probot\b)[\s\S]*\bexports\.Probot\s*=\s*Probot\b/;

function holdsProbot(code: string): boolean {
  if (BUNDLED_PROBOT.test(code)) return true;
  // A bundle that keeps no paths and no minifier's lines (ncc, esbuild without minify): Probot's class is defined in it.
  if (BUNDLER_RUNTIME.test(code) && PROBOT_DEFINED.test(code)) return true;
  if (!PROBOT_STRINGS.test(code)) return false;
  for (let start = 0; start < code.length;) {
    const end = code.indexOf("\n", start);
    const stop = end === -1 ? code.length : end;
    if (stop - start > MINIFIED_LINE) return true;
    start = stop + 1;
  }
  return false;
}
const BUNDLE_HINT =
  "Rebuild it from the migrated sources (npm run build, or the bundler's command) once gh-app-kit is installed.";

const UNPROVEN_HINT =
  "Make the renames of docs/migrating.md in this file by hand, and please report the file as a bug of app migrate.";

type TreeOptions = {
  routerParams: ReadonlyArray<RouterParam>;
  loadedExports: ReadonlySet<string>;
  extensions: boolean;
  aliases: ProbotAliases | undefined;
  bases: BaseClassMembers | undefined;
  middlewareAtRoot: boolean;
  nockPaths: boolean;
  nockConfig: boolean;
  expectedNumbers: boolean;
  commonJsTypeScript: boolean;
};

function migrateTree(file: string, code: string, ast: AnyNode, options: TreeOptions): SourceResult {
  const { routerParams, loadedExports, extensions } = options;
  const log: SourceWork = {
    changes: [],
    problems: [],
    edits: new SourceEdits(),
    aliases: options.aliases,
    bases: options.bases,
  };
  const taken = collectIdentifierNames(ast);
  const refs = findModuleReferences(ast, log);
  // TypeScript compiled to CommonJS (or a .cts file): its imports are require() calls, not ES imports.
  if (/\.cts$/.test(file) || (options.commonJsTypeScript && /\.tsx?$/.test(file)))
    for (const name of refs.names) name.esValueImport = false;
  rewriteTypesReferences(ast, log);
  // Before the names are renamed in the tree: they know Probot's types by the local names they were imported as.
  renameTypedOptionKeys(ast, refs, log);
  renameClientMembers(ast, refs, log);
  reportLoggerTarget(ast, log);
  // A JavaScript ES module that imports a name gh-app-kit lacks would not load at all (missing-import-names.ts).
  if (/\.(?:m?js|jsx)$/.test(file)) bindMissingImports(refs, code, log, taken, isMissingExport);
  // Before the renames below, which rename the tree's identifiers too.
  reportProbotRun(ast, new Set(refs.names.filter((name) => name.imported === "Probot").map((name) => name.local)), log);
  const { calls, renamed } = renameImportedNames(ast, refs, log, taken);
  renameOptionKeys(calls, log, { code, middlewareAtRoot: options.middlewareAtRoot });
  rewriteGitHubApiCalls(calls, code, log);
  migrateProbotInstanceMembers(ast, calls, log);
  reportServerExpressApp(ast, calls, log);
  renameContextClient(ast, log, extensions);
  rewriteProbot9Context(ast, log);
  rewriteWildcardOn(ast, code, log);
  if (options.nockPaths) encodeNockContentsPaths(ast, log);
  if (options.nockConfig) answerOwnerConfigRepo(ast, log);
  if (options.expectedNumbers) renameExpectedNumbers(ast, log);
  const loaded = reportAppFunctions(ast, log, loadedExports);
  const handoffs = reportExpressRoutes(ast, code, log, routerParams);
  reportOctokitRestTypes(ast, log);
  if (refs.names.length + refs.namespaces.length + refs.moduleExpressions.size > 0) reportOptionKeys(ast, log);
  // Last: a call rewritten whole is written with the edits the other passes made inside it.
  rewriteLoadAnswers(ast, code, calls, log);
  awaitWebhookMethods(ast, code, log);
  // A pass that could not rewrite something right: nothing is written, and the user hears why.
  if (log.unproven) return { code, changes: [], problems: log.problems, loaded };
  const printed = log.edits.apply(code);
  // Comments are rewritten on the printed text, with the positions of a fresh parse.
  const result =
    renamed.size > 0 || /import\(\s*["']probot["']\s*\)/.test(printed)
      ? rewriteCommentTypes(printed, parseWithBabel(file, printed) as unknown as AnyNode, log, renamed)
      : printed;
  log.changes.sort((a, b) => a.line - b.line);
  const wrong = result === code ? undefined : findUnintendedChange(file, code, result, log.edits.applied);
  if (wrong) {
    // Never write what cannot be shown right: the file stays as it was, and the user hears of it.
    const problem = {
      line: Number(/^line (\d+)/.exec(wrong)?.[1] ?? 0) || undefined,
      message: `left as it was: the rewrite would have changed more than the renames (${wrong})`,
      hint: UNPROVEN_HINT,
    };
    const { expressRoutes } = log;
    return {
      code,
      changes: [],
      problems: [problem, ...log.problems],
      handoffs,
      loaded,
      ...(expressRoutes && { expressRoutes }),
    };
  }
  const { expressRoutes } = log;
  return {
    code: result,
    changes: log.changes,
    problems: log.problems,
    handoffs,
    loaded,
    ...(expressRoutes && { expressRoutes }),
  };
}

/** Option keys that only Probot's options have, in objects the calls did not show (built elsewhere, or given to a wrapper). */
const REPORTED_KEYS = table<string>({
  githubToken: "If these are options for App or createApp, the key is platformToken here.",
  Octokit: "If these are options for App or createApp, the key is Client here (AppClient, or AppClient.defaults(...)).",
  webhooksPath: "If these are options for createNodeMiddleware, the key is webhookPath here (and probot is app).",
});

function reportOptionKeys(ast: AnyNode, log: SourceLog): void {
  visit(ast, {
    visitObjectProperty(path) {
      const node = path.node as AnyNode;
      const name = node.computed ? undefined : keyName(node.key);
      const hint = name === undefined ? undefined : REPORTED_KEYS[name];
      if (hint && (path.parent?.node as AnyNode | undefined)?.type === "ObjectExpression") {
        log.problems.push({
          line: lineOf(node),
          message: `an object has ${/^[AEIOU]/.test(name as string) ? "an" : "a"} ${name as string} key`,
          hint,
        });
      }
      this.traverse(path);
    },
  });
}
