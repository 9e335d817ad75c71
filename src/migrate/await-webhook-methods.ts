import { visit } from "recast";
import { lineOf, memberKey, type AnyNode, type Path, type SourceWork, PROMISE_METHODS } from "./source-types.js";

/** The methods of `app.webhooks` that answered at once on Probot 7 to 12 (@octokit/webhooks 7 to 9). */
const METHODS = new Set(["sign", "verify"]);

const FUNCTIONS = new Set([
  "ArrowFunctionExpression",
  "FunctionExpression",
  "FunctionDeclaration",
  "ObjectMethod",
  "ClassMethod",
  "ClassPrivateMethod",
]);

const HINT =
  "On Probot 12 and earlier webhooks.sign() gave the signature and verify() a boolean at once; here, as on " +
  "Probot 13, both answer with a promise: await it (make the function async), or use then().";

/** `x.webhooks.sign(...)` or `x.webhooks.verify(...)`. */
export function isWebhookMethodCall(node: AnyNode): boolean {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as AnyNode;
  if (callee.type !== "MemberExpression" || !METHODS.has(memberKey(callee) ?? "")) return false;
  const object = callee.object as AnyNode;
  return object.type === "MemberExpression" && memberKey(object) === "webhooks";
}

/**
 * `const signature = probot.webhooks.sign(payload)`, written for Probot 12 or earlier, where the answer
 * came at once: in an async function, the call is awaited (in parentheses where a member of the answer is
 * read); elsewhere it is reported. A call already awaited, followed with then(), or returned from an
 * async function is left as it is. Run after every other pass: the awaited call's text is taken with
 * their edits inside it.
 */
export function awaitWebhookMethods(ast: AnyNode, code: string, log: SourceWork): void {
  visit(ast, {
    visitCallExpression(path) {
      this.traverse(path);
      const node = path.node as AnyNode;
      if (!isWebhookMethodCall(node)) return;
      const parent = path.parent?.node as AnyNode | undefined;
      if (!parent || parent.type === "AwaitExpression" || parent.type === "YieldExpression") return;
      const readsMember =
        (parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.object === node;
      if (readsMember && PROMISE_METHODS.has(memberKey(parent) ?? "")) return;
      const fn = enclosingFunction(path as Path);
      const returned =
        parent.type === "ReturnStatement" || (parent.type === "ArrowFunctionExpression" && parent.body === node);
      if (fn?.async && returned) return;
      const method = memberKey(node.callee as AnyNode) as string;
      if (!fn?.async || node.extra?.parenthesized || typeof node.start !== "number") {
        log.problems.push({
          line: lineOf(node),
          message: `webhooks.${method}() answers with a promise, where Probot 12 and earlier answered at once`,
          hint: HINT,
        });
        return;
      }
      const text = log.edits.textOf(code, node.start as number, node.end as number);
      const callee = parent.type === "CallExpression" || parent.type === "NewExpression";
      const wrap = readsMember || parent.type === "TaggedTemplateExpression" || (callee && parent.callee === node);
      log.edits.replace(node, wrap ? `(await ${text})` : `await ${text}`);
      log.changes.push({
        line: lineOf(node),
        text: `webhooks.${method}() → await webhooks.${method}() (a promise now)`,
      });
    },
  });
}

function enclosingFunction(path: Path): AnyNode | undefined {
  for (let at = path.parent as Path | null | undefined; at; at = at.parent as Path | null | undefined) {
    const node = at.node as AnyNode;
    if (FUNCTIONS.has(node.type)) return node;
  }
  return undefined;
}
