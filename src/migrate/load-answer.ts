import { visit } from "recast";
import {
  lineOf,
  memberKey,
  type AnyNode,
  type CallSite,
  type Path,
  type SourceWork,
  PROMISE_METHODS,
} from "./source-types.js";

/** Probot's names whose call or `new` makes the object a test loads its app into. */
const MAKERS = new Set(["Probot", "Application", "createProbot"]);

/**
 * Probot 7 to 10's `probot.load(fn)` answered the app (Probot 10: the Probot itself), and tests read it:
 * `const app = probot.load(myApp); app.app = () => "test"` or `app.log.info(...)`. Here, as on Probot 11
 * and later, load answers a promise. Where the object was made from Probot (`new Probot()`,
 * `createProbot()`, in this file) and a member of the answer other than then/catch/finally is read, the
 * call becomes `(probot.load(fn), probot)`: the app functions load as before, and the answer is the app.
 * Run after the renames: the call's text is taken with their edits inside it.
 */
export function rewriteLoadAnswers(ast: AnyNode, code: string, calls: readonly CallSite[], log: SourceWork): void {
  const made = namesMadeBy(calls, MAKERS);
  if (made.size === 0) return;
  reportLoadExpectedToThrow(ast, made, log);

  // Names bound to the answer of a load() (`const app = probot.load(fn)`, `app = probot.load(fn)`), and their calls.
  const answers = new Map<string, AnyNode[]>();
  const direct: AnyNode[] = [];
  visit(ast, {
    visitCallExpression(path) {
      this.traverse(path);
      const node = path.node as AnyNode;
      if (!isLoadOfMade(node, made)) return;
      const parent = (path as Path).parent?.node as AnyNode | undefined;
      if (!parent) return;
      if (isMemberRead(parent, node)) direct.push(node);
      const name =
        parent.type === "VariableDeclarator" && parent.init === node && parent.id?.type === "Identifier"
          ? (parent.id.name as string)
          : parent.type === "AssignmentExpression" && parent.right === node && parent.left?.type === "Identifier"
            ? (parent.left.name as string)
            : undefined;
      if (name !== undefined) answers.set(name, [...(answers.get(name) ?? []), node]);
    },
  });
  const readAsApp = new Set<string>();
  if (answers.size > 0) {
    visit(ast, {
      visitMemberExpression(path) {
        const node = path.node as AnyNode;
        const object = node.object as AnyNode;
        if (object.type === "Identifier" && answers.has(object.name as string) && isMemberRead(node, object))
          readAsApp.add(object.name as string);
        this.traverse(path);
      },
    });
  }
  const rewritten = [...direct, ...[...readAsApp].flatMap((name) => answers.get(name) ?? [])];
  for (const call of new Set(rewritten)) {
    if (typeof call.start !== "number" || call.extra?.parenthesized) continue;
    const receiver = (call.callee as AnyNode).object as AnyNode;
    const text = log.edits.textOf(code, call.start as number, call.end as number);
    log.edits.replace(call, `(${text}, ${receiver.name as string})`);
    log.changes.push({
      line: lineOf(call),
      text: `the answer of load() → (${receiver.name as string}.load(...), ${receiver.name as string}): Probot 10 and earlier answered the app, load answers a promise now`,
    });
  }
}

/** The variables given what a call (or `new`) of one of `makers` made: `const probot = new Probot()`, `probot = createProbot()`. */
export function namesMadeBy(calls: readonly CallSite[], makers: ReadonlySet<string>): Set<string> {
  const made = new Set<string>();
  for (const site of calls) {
    if (!makers.has(site.imported)) continue;
    const holder = site.path.parent?.node as AnyNode | undefined;
    if (holder?.type === "VariableDeclarator" && holder.init === site.call && holder.id?.type === "Identifier")
      made.add(holder.id.name as string);
    if (holder?.type === "AssignmentExpression" && holder.right === site.call && holder.left?.type === "Identifier")
      made.add(holder.left.name as string);
  }
  return made;
}

const FUNCTIONS = new Set(["ArrowFunctionExpression", "FunctionExpression"]);

const THROW_HINT =
  "Call the app function itself, as approveman did moving to Probot 11 (`expect(() => myApp(probot)).toThrow()`: " +
  "the app is what it is given), or await the rejection (`await expect(probot.load(myApp)).rejects.toThrow()`).";

/**
 * `expect(() => { ...; probot.load(myApp); }).toThrow()`: Probot 10's load threw at once when the app
 * function threw. Here, as on Probot 11 and later, it answers a promise that rejects: the expectation
 * fails, and the rejection, which nothing awaits, ends the test process. The app function given by
 * name is called with the app instead (`myApp(probot)`, which throws at once); any other is reported.
 */
function reportLoadExpectedToThrow(ast: AnyNode, made: ReadonlySet<string>, log: SourceWork): void {
  visit(ast, {
    visitCallExpression(path) {
      this.traverse(path);
      const node = path.node as AnyNode;
      if (!isLoadOfMade(node, made)) return;
      let at = (path as Path).parent as Path | null | undefined;
      const parent = at?.node as AnyNode | undefined;
      // The answer unused: a statement of a block, or an arrow's body.
      if (parent?.type === "ExpressionStatement") at = at?.parent?.parent as Path | null | undefined;
      const fn = at?.node as AnyNode | undefined;
      if (!fn || !FUNCTIONS.has(fn.type) || fn.async) return;
      if (parent?.type !== "ExpressionStatement" && !(fn.type === "ArrowFunctionExpression" && fn.body === node))
        return;
      const expectCall = at?.parent?.node as AnyNode | undefined;
      const callee = expectCall?.callee as AnyNode | undefined;
      if (expectCall?.type !== "CallExpression" || expectCall.arguments?.[0] !== fn) return;
      if (callee?.type !== "Identifier" || callee.name !== "expect") return;
      let member = at?.parent?.parent as Path | null | undefined;
      let throws = false;
      while (member && (member.node as AnyNode).type === "MemberExpression") {
        if (/^(toThrow|throw|throws)/.test(memberKey(member.node as AnyNode) ?? "")) throws = true;
        member = member.parent as Path | null | undefined;
      }
      if (!throws) return;
      const [appFn, ...rest] = node.arguments as AnyNode[];
      const receiver = (node.callee as AnyNode).object as AnyNode;
      if (appFn?.type === "Identifier" && rest.length === 0 && !node.extra?.parenthesized) {
        // What approveman wrote moving to Probot 11: the app function called with the app, which throws at once.
        log.edits.replace(node, `${appFn.name as string}(${receiver.name as string})`);
        log.changes.push({
          line: lineOf(node),
          text: `${receiver.name as string}.load(${appFn.name as string}) → ${appFn.name as string}(${receiver.name as string}) in an expectation that it throws (Probot 10's load threw at once; load answers a promise now)`,
        });
        return;
      }
      log.problems.push({
        line: lineOf(node),
        message:
          "load() is expected to throw: Probot 10's threw at once when the app function threw; here, as on Probot 11, it answers a promise that rejects, and unawaited the rejection ends the test process",
        hint: THROW_HINT,
      });
    },
  });
}

/** `probot.load(...)`, where `probot` was made from Probot in this file. */
export function isLoadOfMade(node: AnyNode, made: ReadonlySet<string>): boolean {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as AnyNode;
  if (callee.type !== "MemberExpression" || memberKey(callee) !== "load") return false;
  const object = callee.object as AnyNode;
  return object.type === "Identifier" && made.has(object.name as string);
}

/** `x.member` (read or assigned) with `x` the object, other than then/catch/finally. */
function isMemberRead(member: AnyNode, object: AnyNode): boolean {
  return (
    (member.type === "MemberExpression" || member.type === "OptionalMemberExpression") &&
    member.object === object &&
    !PROMISE_METHODS.has(memberKey(member) ?? "")
  );
}

/** `myApp(probot)` written for `probot.load(myApp)` in an expectation that it throws (checked by verify-rewrite.ts). */
export function isLoadCalledDirectly(before: AnyNode, after: AnyNode): boolean {
  if (before.type !== "CallExpression" || after.type !== "CallExpression") return false;
  const callee = before.callee as AnyNode;
  const [appFn] = before.arguments as AnyNode[];
  const [receiver] = after.arguments as AnyNode[];
  return (
    callee.type === "MemberExpression" &&
    memberKey(callee) === "load" &&
    callee.object?.type === "Identifier" &&
    appFn?.type === "Identifier" &&
    (before.arguments as AnyNode[]).length === 1 &&
    (after.arguments as AnyNode[]).length === 1 &&
    after.callee?.type === "Identifier" &&
    after.callee.name === appFn.name &&
    receiver?.type === "Identifier" &&
    receiver.name === callee.object.name
  );
}

/** `(probot.load(fn), probot)` written for `probot.load(fn)` (checked by verify-rewrite.ts). */
export function isLoadAnswerRewrite(before: AnyNode, after: AnyNode): boolean {
  if (before.type !== "CallExpression" || after.type !== "SequenceExpression") return false;
  const callee = before.callee as AnyNode;
  const [, receiver] = after.expressions as AnyNode[];
  return (
    (after.expressions as AnyNode[]).length === 2 &&
    callee.type === "MemberExpression" &&
    memberKey(callee) === "load" &&
    callee.object?.type === "Identifier" &&
    receiver?.type === "Identifier" &&
    receiver.name === callee.object.name
  );
}
