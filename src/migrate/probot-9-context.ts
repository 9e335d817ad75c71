import { visit } from "recast";
import { isReference } from "./identifier-roles.js";
import { GRAPHQL_RENAMES } from "./probot-names.js";
import { contextTester } from "./rename-context-client.js";
import { declaringScope } from "./scope-lookup.js";
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
  const spreadObjects = new Set<AnyNode>();
  visit(ast, {
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (node.id.type === "ObjectPattern" && node.init && isIssueCall(path.get("init") as Path)) {
        renameNumberKeys(node.id, "issue_number", log, PROBOT_9_ISSUE);
      }
      this.traverse(path);
    },
    visitCallExpression(path) {
      renameNumberParameter(path as Path, isContext, log, spreadObjects);
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
function renameNumberParameter(
  path: Path,
  isContext: (path: Path) => boolean,
  log: SourceWork,
  spreadObjects: Set<AnyNode>,
): void {
  const node = path.node as AnyNode;
  const call = clientNumberCall(path, isContext);
  if (!call) return;
  const { named, target } = call;
  let given = node.arguments[0] as AnyNode | undefined;
  let givenPath = path.get("arguments", 0) as Path;
  let merged = false;
  const helper =
    given?.type === "CallExpression" && given.callee.type === "MemberExpression" ? given.callee : undefined;
  if (
    helper &&
    CONTEXT_HELPERS.has(memberKey(helper) ?? "") &&
    isContext(path.get("arguments", 0, "callee", "object") as Path)
  ) {
    if (named !== "issues" && memberKey(helper) === "issue" && !helper.computed) {
      log.edits.rename(helper.property, "pullRequest");
      log.changes.push({
        line: lineOf(helper),
        text: "Probot 9's context.issue() for a pulls method → context.pullRequest()",
      });
    }
    given = (given as AnyNode).arguments[0] as AnyNode | undefined;
    givenPath = givenPath.get("arguments", 0) as Path;
    merged = memberKey(helper) !== "repo";
  }
  // @octokit/rest 15's `number` given as it is to `pullRequests.*` is left to the client, which sends it as the
  // route's placeholder (number-parameter.ts), as Probot 7 and 8 did: a test's double of the client sees what it
  // saw there, also in `context.repo({ number })`. Merged into what `context.issue()` or `context.pullRequest()` gives,
  // it is renamed: that answer holds the placeholder already.
  if (given?.type !== "ObjectExpression" || (named === "pullRequests" && !merged)) return;
  renameNumberKeys(given, target, log, parameterChange(target));
  (given.properties as AnyNode[]).forEach((property, index) => {
    if (property.type === "SpreadElement" && property.argument.type === "Identifier")
      renameSpreadObject(givenPath.get("properties", index, "argument") as Path, isContext, log, spreadObjects);
  });
}

/** The client's issues or pulls method a call is, and the key it takes for Probot 9's `number`. */
function clientNumberCall(
  path: Path,
  isContext: (path: Path) => boolean,
): { named: string; target: string } | undefined {
  const node = path.node as AnyNode;
  if (node?.type !== "CallExpression") return undefined;
  const callee = node.callee as AnyNode;
  const named = callee.type === "MemberExpression" && !callee.computed ? memberKey(callee.object) : undefined;
  // @octokit/rest 15's name of pulls (Probot 7 and 8), an older name of the client here.
  const area = named === "pullRequests" ? "pulls" : named;
  const client = area === "issues" || area === "pulls" ? (callee.object.object as AnyNode) : undefined;
  if (client?.type !== "MemberExpression" || client.computed || !CLIENT_KEYS.has(memberKey(client) ?? "")) return;
  if (!isContext(path.get("callee", "object", "object", "object") as Path)) return undefined;
  const method = keyName(callee.property) ?? "";
  return { named: named as string, target: numberTarget(area as string, method) };
}

/** The key of the client's issues or pulls method `method` for Probot 9's `number`. */
export function numberTarget(area: string, method: string): string {
  return area === "pulls" ? "pull_number" : /Milestone/.test(method) ? "milestone_number" : "issue_number";
}

/** Renames the `number` keys of an object literal or pattern to `target`, each listed with `text`. */
export function renameNumberKeys(object: AnyNode, target: string, log: SourceWork, text: string): void {
  for (const property of numberKeys(object)) {
    if (property.shorthand) log.edits.replace(property.key, `${target}: ${property.key.name as string}`);
    else log.edits.replace(property.key, target);
    log.changes.push({ line: lineOf(property), text });
  }
}

const parameterChange = (target: string) => `Probot 9's client parameter number → ${target}`;

function numberKeys(object: AnyNode): AnyNode[] {
  return (object.properties as AnyNode[]).filter(
    (property) => property.type === "ObjectProperty" && !property.computed && keyName(property.key) === "number",
  );
}

/**
 * `const params = { owner, repo, number }` spread into `<context>.github.issues.createComment({ body, ...params })`
 * (as offu/close-issue-app): the object's `number` is renamed when every use of the name is such a spread into
 * methods that take the same key. Read anywhere else, or declared with let or var, it is reported.
 */
function renameSpreadObject(
  reference: Path,
  isContext: (path: Path) => boolean,
  log: SourceWork,
  done: Set<AnyNode>,
): void {
  const name = (reference.node as AnyNode).name as string;
  const scope = declaringScope(reference, name);
  const declared = scope ? declarationIn(scope, name) : undefined;
  if (!scope || !declared || done.has(declared.declarator)) return;
  done.add(declared.declarator);
  const object = declared.declarator.init as AnyNode | null;
  if (object?.type !== "ObjectExpression" || numberKeys(object).length === 0) return;
  const targets = new Set<string | undefined>();
  let elsewhere = declared.kind !== "const";
  visit(scope, {
    visitIdentifier(path) {
      const node = path.node as AnyNode;
      if (node.name !== name || node === declared.declarator.id || !isReference(path as Path)) return false;
      if (declaringScope(path as Path, name) !== scope) return false;
      const target = spreadTarget(path as Path, isContext);
      if (target) targets.add(target);
      else elsewhere = true;
      return false;
    },
  });
  if (!elsewhere && targets.size === 1) {
    const target = [...targets][0] as string;
    renameNumberKeys(object, target, log, parameterChange(target));
    return;
  }
  log.problems.push({
    line: lineOf(reference.node as AnyNode),
    message: `spreads ${name}, whose number is Probot 9's name of the issue or pull request, into a client call; today's client sends number as a query parameter`,
    hint: `Rename number in ${name} to issue_number for issues methods, pull_number for pulls methods; ${name} is read elsewhere too, so it was left.`,
  });
}

/** The key a spread of this reference gives to the client call it is spread into, if that is all it is. */
function spreadTarget(reference: Path, isContext: (path: Path) => boolean): string | undefined {
  const spread = reference.parent as Path | null;
  const object = spread?.parent as Path | null;
  if ((spread?.node as AnyNode)?.type !== "SpreadElement" || (object?.node as AnyNode)?.type !== "ObjectExpression")
    return undefined;
  let call = object?.parent as Path | null;
  if (!call || object?.name !== 0) return undefined;
  const helper = (call.node as AnyNode).callee as AnyNode | undefined;
  if (
    helper?.type === "MemberExpression" &&
    (memberKey(helper) === "issue" || memberKey(helper) === "pullRequest") &&
    isContext(call.get("callee", "object") as Path)
  ) {
    if (call.name !== 0) return undefined;
    call = call.parent as Path | null;
  }
  const found = call ? clientNumberCall(call, isContext) : undefined;
  return found && found.named !== "pullRequests" ? found.target : undefined;
}

/** The declarator of a name in a scope's own code (not in the functions inside it), and its kind. */
function declarationIn(scope: AnyNode, name: string): { declarator: AnyNode; kind: string } | undefined {
  let found: { declarator: AnyNode; kind: string } | undefined;
  visit(scope, {
    visitFunction(path) {
      if (path.node === scope) this.traverse(path);
      else return false;
    },
    visitVariableDeclaration(path) {
      const node = path.node as AnyNode;
      for (const declarator of node.declarations as AnyNode[])
        if (declarator.id?.type === "Identifier" && declarator.id.name === name)
          found ??= { declarator, kind: node.kind };
      this.traverse(path);
    },
  });
  return found;
}
