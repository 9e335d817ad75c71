// `app migrate` over every JS/TS file of an app: which files it wrote that no longer parse
// (while the original did), and whether a second run changes anything.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const SOURCE = /\.(c|m)?(j|t)sx?$/;
const SKIPPED = new Set(["node_modules", ".git"]);

/** Every JS/TS file under `root` (dot-folders and node_modules left out), with its text. */
export function readSources(root) {
  const files = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || (entry.isDirectory() && entry.name.startsWith("."))) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && SOURCE.test(entry.name) && statSync(full).size < 2_000_000) {
        files.set(path.relative(root, full), readFileSync(full, "utf8"));
      }
    }
  };
  walk(root);
  return files;
}

/** Undefined when `code` parses as the file's language, else the parser's message. */
export function parseError(file, code) {
  const babel = require("@babel/parser");
  const plugins = /\.tsx$/.test(file)
    ? ["typescript", "jsx", "decorators-legacy"]
    : /\.[cm]?ts$/.test(file)
      ? ["typescript", "decorators-legacy"]
      : ["jsx", "decorators-legacy"];
  try {
    babel.parse(code, {
      sourceType: "unambiguous",
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: true,
      plugins,
    });
  } catch (error) {
    return `babel: ${error.message}`;
  }
  if (/\.[cm]?tsx?$/.test(file)) {
    // A second opinion, from the TypeScript compiler's own parser.
    const ts = require("typescript");
    const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
    const diagnostics = source.parseDiagnostics ?? [];
    if (diagnostics.length > 0) {
      return `typescript: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, " ")}`;
    }
  }
  return undefined;
}

/** The names the migration may introduce; any other new identifier is a corrupted edit. */
const MIGRATION_NAMES = new Set([
  "App",
  "AppClient",
  "createApp",
  "AppOptions",
  "DeprecatedApplicationFunction",
  "createLambdaHandler",
  "client",
  "platformToken",
  "Client",
  "webhookPath",
  "app",
  // Probot 9's context.issue(): const { number } = ... → const { issue_number: number } = ...
  "issue_number",
  // A context double's old key kept for Probot extensions: get github() { return this.client; }
  "get",
  "return",
  "this",
  // An Express handler that only sends a string, rewritten for Hono: (req, res) => res.send("x") → (c) => c.html("x")
  "c",
  "html",
  "function",
  // Probot 9's names: LoggerWithTarget, ApplicationFunction, GitHubAPI({ ... }) → new AppClient({ ... }),
  // the client's number parameter, context.issue() given to pulls.*
  "DeprecatedLogger",
  "DeprecatedApplicationFunction",
  "new",
  "pull_number",
  "milestone_number",
  "pullRequest",
  // A renamed import or export that keeps the old name: import { App, App as Probot }, export { App as Probot }
  "as",
  // Probot 6 to 10's handler for every event: app.on("*", handler) → app.onAny(handler); and its "error" event
  "onAny",
  "onError",
  // Probot 7 to 10's instance members: probot.setup([fn]) → probot.load([fn]), probot.logger → probot.log,
  // probot.webhook → probot.webhooks
  "load",
  "log",
  "webhooks",
  // Names gh-app-kit lacks, in an ES module: import * as ghAppKit from "gh-app-kit"; const { Server } = ghAppKit;
  "import",
  "from",
  "const",
  "ghAppKit",
  "ghAppKit2",
  // A module augmentation's Context: declare module "gh-app-kit" { interface EventContext { ... } }
  "EventContext",
  // A module that is one value, bound by its name: const { run: adapt } = require("gh-app-kit/actions")
  "run",
  // Probot 7 to 9's client.query() → client.graphql()
  "graphql",
  // Probot's ServerOptions, the options of its Server → ProbotServerOptions
  "ProbotServerOptions",
]);

/** Identifier names in `code` (undefined when it does not parse). */
function namesIn(file, code) {
  const babel = require("@babel/parser");
  const plugins = /\.[cm]?tsx?$/.test(file) ? ["typescript", "decorators-legacy"] : ["jsx", "decorators-legacy"];
  if (/\.tsx$/.test(file)) plugins.push("jsx");
  try {
    const ast = babel.parse(code, {
      sourceType: "unambiguous",
      tokens: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: true,
      plugins,
    });
    return new Set(ast.tokens.filter((t) => t.type.label === "name" || t.type.keyword).map((t) => t.value));
  } catch {
    return undefined;
  }
}

/**
 * Compares the sources before and after a migration. Returns `{ files, written, broken, corrupt }`:
 * `broken` lists files written that fail to parse although the original parsed, `corrupt` those
 * that parse but hold names the migration never writes.
 */
export function compareParse(before, after) {
  const broken = [];
  const corrupt = [];
  let written = 0;
  for (const [file, code] of after) {
    if (before.get(file) === code) continue;
    written++;
    const now = parseError(file, code);
    if (now && !parseError(file, before.get(file) ?? "")) broken.push({ file, error: now.slice(0, 200) });
    if (now) continue;
    // A file that parses may still be corrupt: an edit at the wrong offset makes new names.
    const old = namesIn(file, before.get(file) ?? "");
    const strange = old ? [...namesIn(file, code)].filter((n) => !old.has(n) && !MIGRATION_NAMES.has(n)) : [];
    if (strange.length > 0) corrupt.push({ file, names: strange.slice(0, 5) });
  }
  return { files: after.size, written, broken, corrupt };
}

/** The files whose text differs between two readings of the same tree. */
export function changedFiles(before, after) {
  const changed = [];
  for (const [file, code] of after) if (before.get(file) !== code) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(file);
  return changed;
}
