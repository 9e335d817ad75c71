import { visit } from "recast";
import { GRAPHQL_RENAMES } from "./probot-names.js";
import { contextTester } from "./rename-context-client.js";
import { keyName, lineOf, memberKey } from "./source-types.js";
import type { AnyNode, Path, SourceWork } from "./source-types.js";

/**
 * Probot 9's context, read the way code of that time read it:
 * - `context.issue()` gave `{ owner, repo, number }` (@octokit/rest 16 took `number` for
 *   `issue_number`); here, as in Probot 10 to 14, the key is `issue_number`. A `number` read from
 *   it (`const { number } = context.issue()`, `context.issue().number`) becomes `issue_number`.
 * - `context.event`, the event's name, is `context.name` (a deprecated getter here): listed.
 */
export function rewriteProbot9Context(ast: AnyNode, log: SourceWork): void {
  const isContext = contextTester(ast, log.bases);
  /** `<context>.issue(...)`. */
  const isIssueCall = (path: Path): boolean => {
    const node = path.node as AnyNode;
    if (node?.type !== "CallExpression" && node?.type !== "OptionalCallExpression") return false;
    const callee = node.callee as AnyNode;
    const member = callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression";
    return member && memberKey(callee) === "issue" && isContext(path.get("callee", "object") as Path);
  };
  const renamed = (node: AnyNode) => log.changes.push({ line: lineOf(node), text: PROBOT_9_ISSUE });
  visit(ast, {
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (node.id.type === "ObjectPattern" && node.init && isIssueCall(path.get("init") as Path)) {
        for (const property of node.id.properties as AnyNode[]) {
          if (property.type === "RestElement" || property.computed || keyName(property.key) !== "number") continue;
          if (property.shorthand) log.edits.replace(property.key, `issue_number: ${property.key.name as string}`);
          else log.edits.replace(property.key, "issue_number");
          renamed(property);
        }
      }
      this.traverse(path);
    },
    visitCallExpression(path) {
      renameNumberParameter(path as Path, isContext, log);
      renameClientQuery(path as Path, isContext, log);
      this.traverse(path);
    },
    visitMemberExpression(path) {
      const node = path.node as AnyNode;
      if (!node.computed && keyName(node.property) === "number" && isIssueCall(path.get("object") as Path)) {
        log.edits.rename(node.property, "issue_number");
        renamed(node.property);
      } else if (!node.computed && keyName(node.property) === "event" && isContext(path.get("object") as Path)) {
        log.problems.push({
          line: lineOf(node.property),
          message: "reads context.event, Probot 9 and 10's name of context.name (a deprecated getter here: it warns)",
          hint: "Write context.name; a context a test builds by hand names its event with a name key too.",
        });
      }
      this.traverse(path);
    },
  });
}

const PROBOT_9_ISSUE = "Probot 9's context.issue() { number } → { issue_number }";

/** The context's client under its names of Probot 9 to 14 and of gh-app-kit. */
const CLIENT_KEYS = new Set(["github", "octokit", "client"]);
/** Context helpers whose argument is merged into what they give. */
const CONTEXT_HELPERS = new Set(["repo", "issue", "pullRequest"]);

/**
 * `<context>.github.query(query, variables)`: Probot 7 and 8's name of `graphql`, a deprecated alias in
 * Probot 9, is written `graphql`. With a third argument (its headers) it is left to the client, whose
 * `query` still takes them (client/plugins/graphql-query.ts).
 */
function renameClientQuery(path: Path, isContext: (path: Path) => boolean, log: SourceWork): void {
  const node = path.node as AnyNode;
  const callee = node.callee as AnyNode;
  if (callee.type !== "MemberExpression" || callee.computed || memberKey(callee) !== "query") return;
  if (node.arguments.length > 2 || node.arguments.some((argument: AnyNode) => argument.type === "SpreadElement"))
    return;
  const client = callee.object as AnyNode;
  if (client.type !== "MemberExpression" || client.computed || !CLIENT_KEYS.has(memberKey(client) ?? "")) return;
  if (!isContext(path.get("callee", "object", "object") as Path)) return;
  log.edits.rename(callee.property, GRAPHQL_RENAMES.query as string);
  log.changes.push({ line: lineOf(callee.property), text: "Probot 7 to 9's client.query() → client.graphql()" });
}

/**
 * Probot 9's client was @octokit/rest 16, which took `number` for the issue, pull request or
 * milestone; today's client sends an unknown `number` as a query parameter. In a call of the
 * context's client, `<context>.github.issues.get({ number })` (or in the object given to
 * `context.repo()`, `context.issue()`), the key is renamed: `issue_number`, `pull_number` for
 * `pulls.*`, `milestone_number` for the milestone methods. `context.issue()` given to `pulls.*`, or to
 * @octokit/rest 15's `pullRequests.*` (Probot 7 and 8), is `context.pullRequest()`, which gives `pull_number`.
 */
function renameNumberParameter(path: Path, isContext: (path: Path) => boolean, log: SourceWork): void {
  const node = path.node as AnyNode;
  const callee = node.callee as AnyNode;
  const named = callee.type === "MemberExpression" && !callee.computed ? memberKey(callee.object) : undefined;
  // @octokit/rest 15's name of pulls (Probot 7 and 8), an older name of the client here.
  const area = named === "pullRequests" ? "pulls" : named;
  const client = area === "issues" || area === "pulls" ? (callee.object.object as AnyNode) : undefined;
  if (client?.type !== "MemberExpression" || client.computed || !CLIENT_KEYS.has(memberKey(client) ?? "")) return;
  if (!isContext(path.get("callee", "object", "object", "object") as Path)) return;
  const method = keyName(callee.property) ?? "";
  const target = area === "pulls" ? "pull_number" : /Milestone/.test(method) ? "milestone_number" : "issue_number";
  let given = node.arguments[0] as AnyNode | undefined;
  let merged = false;
  const helper =
    given?.type === "CallExpression" && given.callee.type === "MemberExpression" ? given.callee : undefined;
  if (
    helper &&
    CONTEXT_HELPERS.has(memberKey(helper) ?? "") &&
    isContext(path.get("arguments", 0, "callee", "object") as Path)
  ) {
    if (area === "pulls" && memberKey(helper) === "issue" && !helper.computed) {
      log.edits.rename(helper.property, "pullRequest");
      log.changes.push({
        line: lineOf(helper),
        text: "Probot 9's context.issue() for a pulls method → context.pullRequest()",
      });
    }
    given = (given as AnyNode).arguments[0] as AnyNode | undefined;
    merged = memberKey(helper) !== "repo";
  }
  // @octokit/rest 15's `number` given as it is to `pullRequests.*` is left to the client, which sends it as the
  // route's placeholder (number-parameter.ts), as Probot 7 and 8 did: a test's double of the client sees what it
  // saw there, also in `context.repo({ number })`. Merged into what `context.issue()` or `context.pullRequest()` gives,
  // it is renamed: that answer holds the placeholder already.
  if (given?.type !== "ObjectExpression" || (named === "pullRequests" && !merged)) return;
  for (const property of given.properties as AnyNode[]) {
    if (property.type !== "ObjectProperty" || property.computed || keyName(property.key) !== "number") continue;
    if (property.shorthand) log.edits.replace(property.key, `${target}: ${property.key.name as string}`);
    else log.edits.replace(property.key, target);
    log.changes.push({ line: lineOf(property), text: `Probot 9's client parameter number → ${target}` });
  }
}
