import { visit } from "recast";
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
  const isContext = contextTester(ast);
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
