import { print, visit } from "recast";
import { findModuleReferences } from "./find-module-references.js";
import { parseSource, parseWithBabel } from "./parse-source.js";
import { renameContextClient } from "./rename-context-client.js";
import { renameImportedNames } from "./rename-imported-names.js";
import { renameOptionKeys } from "./rename-option-keys.js";
import { rewriteCommentTypes } from "./rewrite-comment-types.js";
import { keyName, lineOf, type AnyNode, type SourceLog } from "./source-types.js";

/** Text that any file the migration would change contains. */
const CANDIDATE = /probot|octokit|githubToken/i;

/**
 * Moves one JavaScript or TypeScript file from Probot to gh-app-kit: the
 * module name, the renamed exports and options, `context.octokit`, and
 * JSDoc `import("probot")` types. Formatting and comments of everything
 * else stay as they were. Throws the parser's error for a file it cannot read.
 *
 * @example
 * const { code, changes, problems } = migrateSource("index.js", 'const { Probot } = require("probot");');
 * // code: 'const { App } = require("gh-app-kit");'
 */
export function migrateSource(file: string, code: string): SourceLog & { code: string } {
  const log: SourceLog = { changes: [], problems: [] };
  if (!CANDIDATE.test(code)) return { code, ...log };
  const ast = parseSource(file, code) as unknown as AnyNode;
  const refs = findModuleReferences(ast, log);
  const { calls, renamed } = renameImportedNames(ast, refs, log);
  renameOptionKeys(calls, log);
  renameContextClient(ast, log);
  if (refs.names.length + refs.namespaces.length + refs.moduleExpressions.size > 0) reportOptionKeys(ast, log);
  // recast prints a changed string in one quote style: take the one the file uses for "probot".
  const quote = /(?:from\s*|\(\s*)'probot'/.test(code) ? "single" : "double";
  const printed = log.changes.length > 0 ? print(ast as never, { quote }).code : code;
  // Comments are rewritten on the printed text, with the positions of a fresh parse.
  const result =
    renamed.size > 0 || /import\(\s*["']probot["']\s*\)/.test(printed)
      ? rewriteCommentTypes(printed, parseWithBabel(file, printed) as unknown as AnyNode, log, renamed)
      : printed;
  log.changes.sort((a, b) => a.line - b.line);
  return { code: result, ...log };
}

/** `githubToken` keys the calls did not show (an options object built elsewhere). */
function reportOptionKeys(ast: AnyNode, log: SourceLog): void {
  visit(ast, {
    visitObjectProperty(path) {
      const node = path.node as AnyNode;
      const name = node.computed ? undefined : keyName(node.key);
      if (name === "githubToken") {
        log.problems.push({
          line: lineOf(node),
          message: "an object has a githubToken key",
          hint: "If these are options for App or createApp, the key is platformToken here.",
        });
      }
      this.traverse(path);
    },
  });
}
