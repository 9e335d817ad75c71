import { EXPORT_RENAMES, FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import { type AnyNode, type SourceLog } from "./source-types.js";

/** `import("probot")` or `import('probot').Probot` inside a comment. */
const IMPORT_TYPE = new RegExp(String.raw`import\(\s*(["'])${PROBOT_MODULE}\1\s*\)(\.(\w+))?`, "g");

/**
 * Points JSDoc types such as `{import('probot').Probot}` at gh-app-kit. The
 * parser gives each comment's place, so only comment text is touched;
 * code was changed on the syntax tree before.
 *
 * @example
 * rewriteCommentTypes("/** @param {import('probot').Context} c *\/", ast, log);
 * // "/** @param {import('gh-app-kit').Context} c *\/"
 */
export function rewriteCommentTypes(code: string, ast: AnyNode, log: SourceLog): string {
  const comments = ((ast.comments ?? []) as AnyNode[]).filter((c) => typeof c.start === "number").sort((a, b) => b.start - a.start);
  let result = code;
  for (const comment of comments) {
    const text = result.slice(comment.start, comment.end);
    const replaced = text.replace(IMPORT_TYPE, (_match, quote: string, _member, name: string | undefined) => {
      const member = name === undefined ? "" : `.${EXPORT_RENAMES[name] ?? name}`;
      return `import(${quote}${FRAMEWORK_MODULE}${quote})${member}`;
    });
    if (replaced === text) continue;
    result = result.slice(0, comment.start) + replaced + result.slice(comment.end);
    log.changes.push({ line: comment.loc?.start.line ?? 0, text: `comment type import("${PROBOT_MODULE}") → import("${FRAMEWORK_MODULE}")` });
  }
  return result;
}
