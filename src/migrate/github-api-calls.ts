import { EXPORT_RENAMES } from "./probot-names.js";
import { keyName, lineOf, removeListItem, type AnyNode, type CallSite, type SourceWork } from "./source-types.js";

/** Probot 9's factory of its client; a call of it under another local name is reported, not rewritten. */
export const GITHUB_API = "GitHubAPI";

/**
 * Probot 9's `GitHubAPI(options)` made `new (options.Octokit ?? ProbotOctokit)(options)`; the
 * import is renamed to AppClient, so a call becomes `new AppClient(options)`, and one given its
 * class, `GitHubAPI({ Octokit: X, ...rest })`, becomes `new X({ ...rest })`. Options it cannot see
 * (not an object literal) are reported: the call is written `new AppClient(...)`.
 */
export function rewriteGitHubApiCalls(calls: ReadonlyArray<CallSite>, code: string, log: SourceWork): void {
  for (const { imported, call } of calls) {
    if (imported !== GITHUB_API) continue;
    const callee = call.callee as AnyNode;
    // Its name as renamed with the import (AppClient), or kept where AppClient was taken.
    if (callee.type !== "Identifier" || (callee.name !== GITHUB_API && callee.name !== EXPORT_RENAMES[GITHUB_API])) {
      log.problems.push({ line: lineOf(call), message: "calls Probot 9's GitHubAPI under another name", hint: HINT });
      continue;
    }
    // `new ` goes in the callee's replacement: an insertion where the rename starts would be lost.
    const written = (text: string) => log.edits.replace(callee, call.type === "CallExpression" ? `new ${text}` : text);
    written(callee.name as string);
    const options = call.arguments[0] as AnyNode | undefined;
    if ((options !== undefined && options.type !== "ObjectExpression") || call.arguments.length > 1) {
      log.problems.push({
        line: lineOf(call),
        message: "calls Probot 9's GitHubAPI with options app migrate cannot see (written new AppClient(...))",
        hint: HINT,
      });
      continue;
    }
    const properties = (options?.properties ?? []) as AnyNode[];
    const index = properties.findIndex(
      (p) => (p.type === "ObjectProperty" || p.type === "Property") && !p.computed && keyName(p.key) === "Octokit",
    );
    if (index < 0) {
      log.changes.push({ line: lineOf(call), text: "GitHubAPI(options) → new AppClient(options)" });
      continue;
    }
    const property = properties[index] as AnyNode;
    const value = property.value as AnyNode;
    const text = log.edits.textOf(code, value.start as number, value.end as number);
    const plain = value.type === "Identifier" || (value.type === "MemberExpression" && isPlainMember(value));
    written(plain ? text : `(${text})`);
    removeProperty(code, options as AnyNode, index, log);
    log.changes.push({ line: lineOf(call), text: `GitHubAPI({ Octokit: ${text}, ... }) → new ${text}({ ... })` });
  }
}

const HINT =
  "GitHubAPI(options) is new AppClient(options) here; where the options give Octokit: X, write new X({ ... }) without that key.";

/** `a.b.c`: a member chain of names, which `new` takes without parentheses. */
function isPlainMember(node: AnyNode): boolean {
  if (node.type === "Identifier") return true;
  return node.type === "MemberExpression" && !node.computed && isPlainMember(node.object as AnyNode);
}

/** Removes a property with the comma and space that separate it from the next (or the previous), not their comments. */
function removeProperty(code: string, object: AnyNode, index: number, log: SourceWork): void {
  const properties = object.properties as AnyNode[];
  const property = properties[index] as AnyNode;
  if (properties.length === 1) {
    log.edits.replace(object, "{}");
  } else if (index < properties.length - 1) {
    const next = properties[index + 1] as AnyNode;
    removeListItem(code, property, property.start as number, next.start as number, log.edits);
  } else {
    const previous = properties[index - 1] as AnyNode;
    removeListItem(code, property, previous.end as number, property.end as number, log.edits);
  }
  // The key is gone: no later pass reports it as an option key of an object it does not know.
  properties.splice(index, 1);
}
