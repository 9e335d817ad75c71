import { visit } from "recast";
import {
  lineOf,
  memberKey,
  outerStart,
  removeListItem,
  specifierText,
  type AnyNode,
  type SourceWork,
} from "./source-types.js";

/** Names the app goes by, as an app function's parameter or a test's variable (`robot.on(...)`, `this.app.on(...)`). */
const APP_NAMES = new Set(["app", "robot", "probot", "application", "bot"]);

const HINT =
  'Probot 6 to 10 ran a handler given for "*" on every event; Probot 11 and later, and gh-app-kit, refuse the ' +
  "name: give the handler to onAny (app.onAny(handler)), and the other names to on().";

/** The method that takes the handler of these names alone: every event, and the errors of the webhooks. */
const NAMED_HANDLERS: Readonly<Record<string, string | undefined>> = { "*": "onAny", error: "onError" };

/** `x.on("*", handler)` or `x.on("error", handler)`: the name as a string or a template without expressions, and the handler. */
export function isWildcardOn(node: AnyNode, name = "*"): boolean {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as AnyNode;
  const args = node.arguments as AnyNode[];
  return (
    callee.type === "MemberExpression" &&
    memberKey(callee) === "on" &&
    args.length === 2 &&
    specifierText(args[0]) === name &&
    args[1]?.type !== "SpreadElement"
  );
}

/** `x.on("*", handler)` written `x.onAny(handler)` (`"error"`: `x.onError(handler)`), the same receiver and handler (verify-rewrite.ts compares those). */
export function isWildcardOnRewrite(before: AnyNode, after: AnyNode): boolean {
  if (after.type !== "CallExpression") return false;
  const callee = after.callee as AnyNode;
  const method = callee.type === "MemberExpression" && !callee.computed ? memberKey(callee) : undefined;
  const name = Object.keys(NAMED_HANDLERS).find((key) => NAMED_HANDLERS[key] === method);
  return name !== undefined && isWildcardOn(before, name) && (after.arguments as AnyNode[]).length === 1;
}

/** Probot 7 to 9's webhooks (`probot.webhook`, `app.webhooks`): their "error" event is onError's now. */
function isWebhooks(node: AnyNode): boolean {
  return node.type === "MemberExpression" && /^webhooks?$/.test(memberKey(node) ?? "");
}

/** The name the receiver ends in: `robot`, `this.app` → app, `t.context.probot` → probot. */
function receiverName(node: AnyNode): string | undefined {
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "MemberExpression") return memberKey(node);
  return undefined;
}

/**
 * `app.on("*", handler)` → `app.onAny(handler)`, where the receiver goes by a name of the app (`app`,
 * `robot`, `probot`, `application`, `bot`, also as a member: `this.app`); "*" among other names, or on
 * another object, is reported.
 */
export function rewriteWildcardOn(ast: AnyNode, code: string, log: SourceWork): void {
  visit(ast, {
    visitCallExpression(path) {
      this.traverse(path);
      const node = path.node as AnyNode;
      const callee = node.callee as AnyNode;
      if (callee.type !== "MemberExpression" || memberKey(callee) !== "on") return;
      const [first, handler] = node.arguments as AnyNode[];
      if (first?.type === "ArrayExpression") {
        if ((first.elements as AnyNode[]).some((element) => specifierText(element) === "*"))
          log.problems.push({ line: lineOf(node), message: 'on() is given "*" among other event names', hint: HINT });
        return;
      }
      if (isWildcardOn(node, "error") && isWebhooks(callee.object as AnyNode) && !callee.computed) {
        // @octokit/webhooks 6 and earlier (Probot 7 to 9) emitted "error"; since 7, onError takes the handler.
        log.edits.rename(callee.property as AnyNode, "onError");
        removeListItem(code, first!, outerStart(first!), outerStart(handler!), log.edits);
        log.changes.push({ line: lineOf(node), text: 'webhooks.on("error", handler) → webhooks.onError(handler)' });
        return;
      }
      // Only on the app: "error" is every Node emitter's own event (a server's, a stream's, a client's).
      if (isWildcardOn(node, "error") && APP_NAMES.has((receiverName(callee.object as AnyNode) ?? "").toLowerCase())) {
        log.problems.push({
          line: lineOf(node),
          message: `${receiverName(callee.object as AnyNode) ?? "an object"}.on("error", handler): no event has that name, and on() refuses it here`,
          hint: "If it is the app, and the handler is for the errors of its handlers, give it to onError (app.onError(handler)); else leave it out.",
        });
        return;
      }
      if (!isWildcardOn(node)) return;
      const receiver = receiverName(callee.object as AnyNode);
      const property = callee.property as AnyNode;
      if (
        callee.computed ||
        !APP_NAMES.has((receiver ?? "").toLowerCase()) ||
        typeof first?.start !== "number" ||
        typeof handler?.start !== "number"
      ) {
        log.problems.push({
          line: lineOf(node),
          message: `${receiver ?? "an object"}.on("*", handler) listens to every event if it is the app`,
          hint: HINT,
        });
        return;
      }
      log.edits.rename(property, "onAny");
      removeListItem(code, first, outerStart(first), outerStart(handler), log.edits);
      log.changes.push({ line: lineOf(node), text: 'on("*", handler) → onAny(handler) (every event)' });
    },
  });
}
