import { EXPORT_RENAMES, FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import { type AnyNode, type SourceLog } from "./source-types.js";

/** `import("probot")` or `import('probot').Probot` inside a comment. */
const IMPORT_TYPE = new RegExp(String.raw`import\(\s*(["'])${PROBOT_MODULE}\1\s*\)(\.(\w+))?`, "g");

/** A JSDoc type in braces: `{Probot}`, `{Context<"issues">}`. */
const JSDOC_TYPE = /\{[^{}\n]*\}/g;

/** Uses the parser's comment places, so only comment text is touched. */
export function rewriteCommentTypes(
  code: string,
  ast: AnyNode,
  log: SourceLog,
  renamed: ReadonlyMap<string, string>,
): string {
  const names = [...renamed.keys()];
  const local =
    names.length > 0 ? new RegExp(String.raw`(?<![.\w'"$])(${names.join("|")})(?![\w'"$])`, "g") : undefined;
  const comments = ((ast.comments ?? []) as AnyNode[])
    .filter((c) => typeof c.start === "number")
    .sort((a, b) => b.start - a.start);
  let result = code;
  for (const comment of comments) {
    const text = result.slice(comment.start, comment.end);
    const imports = text.replace(IMPORT_TYPE, (_match, quote: string, _member, name: string | undefined) => {
      const member = name === undefined ? "" : `.${EXPORT_RENAMES[name] ?? name}`;
      return `import(${quote}${FRAMEWORK_MODULE}${quote})${member}`;
    });
    const isJsDoc = comment.type === "CommentBlock" && imports.startsWith("/**");
    const seen = new Set<string>();
    const renameIn = (type: string) =>
      type.replace(local as RegExp, (name: string) => {
        seen.add(name);
        return renamed.get(name) ?? name;
      });
    const replaced = local && isJsDoc ? imports.replace(JSDOC_TYPE, renameIn) : imports;
    if (replaced === text) continue;
    result = result.slice(0, comment.start) + replaced + result.slice(comment.end);
    const line = comment.loc?.start.line ?? 0;
    if (imports !== text)
      log.changes.push({ line, text: `comment type import("${PROBOT_MODULE}") → import("${FRAMEWORK_MODULE}")` });
    for (const name of seen) log.changes.push({ line, text: `comment type ${name} → ${renamed.get(name) as string}` });
  }
  return result;
}
