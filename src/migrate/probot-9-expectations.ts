import { visit } from "recast";
import { parseWithBabel } from "./parse-source.js";
import { numberTarget, renameNumberKeys } from "./probot-9-context.js";
import { keyName, lineOf } from "./source-types.js";
import type { AnyNode, Change, SourceWork } from "./source-types.js";

/**
 * Probot 9's `context.issue()` gave `{ owner, repo, number }`, and the code of that time gave `number` to
 * the client's issues and pulls methods. `app migrate` renames it in the code (probot-9-context.ts), and
 * so a double of the client is now called with `issue_number` (`pull_number` for pulls, `milestone_number`
 * for the milestone methods). What the app's suite expected of such a double is renamed the same way:
 * - `expect(github.issues.createComment).toHaveBeenCalledWith({ ..., number })`, the other call matchers,
 *   `expect.objectContaining({ number })` among their arguments, and `toEqual`/`toMatchObject` of the
 *   double's `mock.calls`;
 * - jest snapshots of the client's parameters (an object with `owner` and `repo` strings and a `number`),
 *   in a snapshot file whose tests snapshot no pulls method (a snapshot does not say which method it was).
 * @octokit/rest 15's `pullRequests.*` (Probot 7 and 8) is left: the client still takes `number` there.
 * Only for an app whose probot admits no Probot 10.
 */
export function renameExpectedNumbers(ast: AnyNode, log: SourceWork): void {
  const doubles = namedDoubles(ast);
  const methodOf = (node: AnyNode) => clientMethod(node, doubles);
  visit(ast, {
    visitCallExpression(path) {
      const expected = expectedArguments(path.node as AnyNode, methodOf);
      if (expected) for (const argument of expected.arguments) renameIn(argument, expected.target, log);
      this.traverse(path);
    },
    visitMemberExpression(path) {
      // `github.issues.createComment.mock.calls[0][0].number`: the key of what the double recorded.
      const node = path.node as AnyNode;
      const method = !node.computed && keyName(node.property) === "number" ? methodOf(node.object) : undefined;
      if (method && RECORDED.has(method.rest[0] ?? "")) {
        const target = numberTarget(method.area, method.name);
        log.edits.rename(node.property, target);
        log.changes.push({ line: lineOf(node.property), text: `${CHANGE} → ${target}` });
      }
      this.traverse(path);
    },
    visitVariableDeclarator(path) {
      // `const { number, body } = github.issues.createComment.mock.calls[0][0]`
      const node = path.node as AnyNode;
      const method = node.id.type === "ObjectPattern" && node.init ? methodOf(node.init) : undefined;
      if (method && RECORDED.has(method.rest[0] ?? "")) {
        const target = numberTarget(method.area, method.name);
        renameNumberKeys(node.id, target, log, `${CHANGE} → ${target}`);
      }
      this.traverse(path);
    },
  });
}

const CHANGE = "Probot 9's number in a test's expectation of the client";

/** Matchers given the double: jest's, and sinon-chai's (`expect(double).to.have.been.calledWith(...)`). */
const CALL_MATCHERS = new Set([
  "toHaveBeenCalledWith",
  "toBeCalledWith",
  "toHaveBeenLastCalledWith",
  "lastCalledWith",
  "toHaveBeenNthCalledWith",
  "nthCalledWith",
  "calledWith",
  "calledWithMatch",
  "calledWithExactly",
  "calledOnceWith",
  "calledOnceWithExactly",
  "alwaysCalledWith",
  "alwaysCalledWithMatch",
]);
/** Matchers given what the double recorded: jest's, chai's, and node:assert's (the expected value second). */
const VALUE_MATCHERS = new Set(["toEqual", "toStrictEqual", "toMatchObject", "eql", "equal", "include", "contain"]);
const ASSERTS = new Set(["deepEqual", "deepStrictEqual", "partialDeepStrictEqual", "equal", "strictEqual"]);
/** What tap's and ava's `t` compare with (`t.same(double.args[0][0], { ... })`, `t.like(...)`). */
const TEST_ASSERTS = new Set(["same", "strictSame", "has", "hasStrict", "match", "deepEqual", "like"]);
/** What a double recorded: jest's and node:test's `mock.calls`, sinon's `args`, `firstCall`, `getCall(n)`. */
const RECORDED = new Set(["mock", "calls", "args", "firstCall", "secondCall", "lastCall", "getCall", "getCalls"]);

type MethodOf = (node: AnyNode) => ClientMethod | undefined;

/** The arguments of an expectation that stand for the parameters an issues or pulls double got, and their key. */
function expectedArguments(node: AnyNode, methodOf: MethodOf): { arguments: AnyNode[]; target: string } | undefined {
  const callee = node.callee as AnyNode;
  if (callee.type !== "MemberExpression" || callee.computed) return undefined;
  const matcher = keyName(callee.property) ?? "";
  const args = node.arguments as AnyNode[];
  const subject = expectSubject(callee.object as AnyNode);
  let method: ClientMethod | undefined;
  let expected = args;
  if (subject) {
    // expect(X).toHaveBeenCalledWith(...), expect(X).to.have.been.calledWith(...), expect(X.mock.calls[0]).toEqual(...)
    method = methodOf(subject.node);
    const deep = subject.chain.includes("deep") || !["equal", "include", "contain"].includes(matcher);
    if (!method || subject.chain.includes("not")) return undefined;
    if (CALL_MATCHERS.has(matcher) ? method.rest.length > 0 : !VALUE_MATCHERS.has(matcher) || !deep) return undefined;
    if (!CALL_MATCHERS.has(matcher) && !RECORDED.has(method.rest[0] ?? "")) return undefined;
  } else if (CALL_MATCHERS.has(matcher) && isAssertObject(callee.object as AnyNode) && args[0]) {
    // sinon.assert.calledWith(double, ...)
    method = methodOf(args[0]);
    if (!method || method.rest.length > 0) return undefined;
    expected = args.slice(1);
  } else if (CALL_MATCHERS.has(matcher)) {
    // double.calledWith(...), as sinon's spies answer it
    method = methodOf(callee.object as AnyNode);
    if (!method || method.rest.length > 0) return undefined;
  } else if (
    args.length >= 2 &&
    ((ASSERTS.has(matcher) && isAssertObject(callee.object as AnyNode)) ||
      (TEST_ASSERTS.has(matcher) && callee.object.type === "Identifier"))
  ) {
    // assert.deepStrictEqual(double.mock.calls[0].arguments[0], {...}), t.same(double.args[0][0], {...})
    method = methodOf(args[0] as AnyNode);
    if (!method || !RECORDED.has(method.rest[0] ?? "")) return undefined;
    expected = args.slice(1, 2);
  }
  return method ? { arguments: expected, target: numberTarget(method.area, method.name) } : undefined;
}

/** `assert`, `sinon.assert`, `t.assert`. */
function isAssertObject(node: AnyNode): boolean {
  return (
    (node.type === "Identifier" && node.name === "assert") ||
    (node.type === "MemberExpression" && keyName(node.property) === "assert")
  );
}

/** `X` of `expect(X)...`, and the names of the chain after it (`to`, `have`, `been`, `deep`, `not`). */
function expectSubject(node: AnyNode): { node: AnyNode; chain: string[] } | undefined {
  const chain: string[] = [];
  let current = node;
  while (current.type === "MemberExpression" && !current.computed) {
    chain.unshift(keyName(current.property) ?? "");
    current = current.object as AnyNode;
  }
  if (current.type !== "CallExpression" || current.callee.type !== "Identifier" || current.callee.name !== "expect")
    return undefined;
  return current.arguments.length >= 1 ? { node: current.arguments[0] as AnyNode, chain } : undefined;
}

type ClientMethod = { area: string; name: string; rest: string[] };

/**
 * `<x>.issues.<name>` (then `.mock.calls[0]`...), or a name the file gives as one (`issues: { createComment }`):
 * the area, the method and the names that follow, outermost last.
 */
function clientMethod(node: AnyNode, doubles: ReadonlyMap<string, [string, string]>): ClientMethod | undefined {
  const chain: string[] = [];
  let current = node;
  for (;;) {
    if (current.type === "MemberExpression") {
      chain.unshift(current.computed ? "[]" : (keyName(current.property) ?? "?"));
      current = current.object as AnyNode;
    } else if (current.type === "CallExpression" && current.callee.type === "MemberExpression") {
      current = current.callee as AnyNode; // double.getCall(0).args[0]
    } else break;
  }
  if (current.type === "Identifier") chain.unshift(current.name as string);
  else if (current.type !== "ThisExpression") return undefined;
  const at = chain.findIndex((key) => key === "issues" || key === "pulls" || key === "pullRequests");
  const name = chain[at + 1];
  if (at >= 0 && name && name !== "[]") {
    // @octokit/rest 15's pullRequests: the code's number stays, so a test may expect either key.
    if (chain[at] === "pullRequests") return undefined;
    return { area: chain[at] as string, name, rest: chain.slice(at + 2) };
  }
  const named = current.type === "Identifier" ? doubles.get(current.name as string) : undefined;
  return named ? { area: named[0], name: named[1], rest: chain.slice(1) } : undefined;
}

/** Names the file gives as a method of an issues or pulls double: `{ issues: { createComment } }`, `createComment: spy`. */
function namedDoubles(ast: AnyNode): Map<string, [string, string]> {
  const found = new Map<string, [string, string]>();
  const ambiguous = new Set<string>();
  visit(ast, {
    visitObjectProperty(path) {
      const node = path.node as AnyNode;
      const area = node.computed ? undefined : keyName(node.key);
      if ((area === "issues" || area === "pulls") && node.value.type === "ObjectExpression") {
        for (const property of node.value.properties as AnyNode[]) {
          const method = property.type === "ObjectProperty" && !property.computed ? keyName(property.key) : undefined;
          if (!method || property.value.type !== "Identifier") continue;
          const name = property.value.name as string;
          const seen = found.get(name);
          if (seen && (seen[0] !== area || seen[1] !== method)) ambiguous.add(name);
          found.set(name, [area, method]);
        }
      }
      this.traverse(path);
    },
  });
  for (const name of ambiguous) found.delete(name);
  return found;
}

/** Objects of parameters, as written in an expectation: an object, `expect.objectContaining(...)`, an array of them. */
function renameIn(node: AnyNode, target: string, log: SourceWork): void {
  if (node.type === "ObjectExpression") {
    renameNumberKeys(node, target, log, `${CHANGE} → ${target}`);
  } else if (node.type === "ArrayExpression") {
    for (const element of node.elements as Array<AnyNode | null>) if (element) renameIn(element, target, log);
  } else if (
    node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    /^(objectContaining|match)$/.test(keyName(node.callee.property) ?? "") &&
    node.arguments.length === 1
  ) {
    renameIn(node.arguments[0] as AnyNode, target, log);
  }
}

/**
 * The key the client's parameters recorded in a test file's snapshots take: `issue_number` when the file
 * snapshots issues methods (or values whose method it does not name) and no pulls method; none otherwise.
 */
export function snapshotNumberTarget(file: string, testSource: string | undefined): string | undefined {
  if (testSource === undefined || !testSource.includes("Snapshot")) return undefined;
  let ast: AnyNode;
  try {
    ast = parseWithBabel(file, testSource) as unknown as AnyNode;
  } catch {
    return undefined;
  }
  let pulls = false;
  visit(ast, {
    visitCallExpression(path) {
      const callee = (path.node as AnyNode).callee as AnyNode;
      if (callee.type === "MemberExpression" && /Snapshot$/.test(keyName(callee.property) ?? "")) {
        const subject = expectSubject(callee.object as AnyNode);
        const area = subject ? snapshotArea(subject.node) : undefined;
        if (area !== undefined && area !== "issues") pulls = true;
      }
      this.traverse(path);
    },
  });
  return pulls ? undefined : "issue_number";
}

function snapshotArea(node: AnyNode): string | undefined {
  for (let current = node; current.type === "MemberExpression"; current = current.object as AnyNode) {
    const key = current.computed ? undefined : keyName(current.property);
    if (key === "issues" || key === "pulls" || key === "pullRequests") return key;
  }
  return undefined;
}

/** An entry of an object in a snapshot: its key, and its lines. */
type Entry = { key: string; first: number; last: number; value: string };
type Frame = { indent: number; entries: Entry[]; keyed: boolean };

/**
 * Renames `"number"` in the objects of a jest snapshot file that hold the client's parameters (`"owner"` and
 * `"repo"` strings beside a `"number"`), and puts the object's entries in jest's order (its keys sorted).
 * Lines inside a string value (a comment's body) are text. Returns the file and the changes (old line numbers).
 */
export function renameSnapshotNumbers(text: string, target: string): { code: string; changes: Change[] } {
  const lines = text.split("\n");
  const changes: Change[] = [];
  let inString = false;
  let stack: Frame[] = [];
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index] as string;
    const line = raw.replace(/\r$/, "");
    // A snapshot's first line: a backtick inside a snapshot is escaped, so this is never a string's text.
    if (/^exports\[`/.test(line)) {
      stack = [];
      const value = line.indexOf("`] = `");
      inString = value >= 0 && quotesLeaveOpen(line.slice(value + 6), false);
      continue;
    }
    const startsInString = inString;
    inString = quotesLeaveOpen(line, inString);
    const top = stack[stack.length - 1];
    const last = top?.entries[top.entries.length - 1];
    // A line of a string value belongs to the entry it is in.
    if (startsInString) {
      if (last) last.last = index;
      continue;
    }
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    if (top && indent === top.indent && /^ *[}\]],?$/.test(line)) {
      stack.pop();
      const parent = stack[stack.length - 1];
      // The object or array closed is the value of the parent's last entry.
      const owner = parent?.entries[parent.entries.length - 1];
      if (owner) owner.last = index;
      if (top.keyed) renameParameters(lines, top.entries, target, changes);
      continue;
    }
    const key = top?.keyed && indent === top.indent + 2 ? /^ *"((?:[^"\\]|\\.)*)": /.exec(line)?.[1] : undefined;
    if (top && key !== undefined)
      top.entries.push({ key, first: index, last: index, value: line.slice(indent + key.length + 4) });
    else if (last) last.last = index;
    const opened = !inString && /[{[]$/.test(line);
    if (opened) stack.push({ indent, entries: [], keyed: /\{$/.test(line) });
  }
  changes.sort((a, b) => a.line - b.line);
  return { code: lines.join("\n"), changes };
}

/** Whether a string value is still open at the end of a line (pretty-format escapes `"` inside strings). */
function quotesLeaveOpen(line: string, open: boolean): boolean {
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (char === "\\") at++;
    else if (char === '"') open = !open;
  }
  return open;
}

function renameParameters(lines: string[], entries: Entry[], target: string, changes: Change[]): void {
  const has = (key: string, value: RegExp) => entries.some((entry) => entry.key === key && value.test(entry.value));
  const number = entries.find((entry) => entry.key === "number" && /^-?\d+,\r?$/.test(entry.value));
  if (!number || !has("owner", /^"/) || !has("repo", /^"/) || entries.some((entry) => entry.key === target)) return;
  const first = (entries[0] as Entry).first;
  const blocks = entries.map((entry) => ({
    key: entry === number ? target : entry.key,
    lines: lines.slice(entry.first, entry.last + 1),
  }));
  const numberBlock = blocks[entries.indexOf(number)] as { lines: string[] };
  numberBlock.lines[0] = (numberBlock.lines[0] as string).replace('"number"', `"${target}"`);
  blocks.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sorted = blocks.flatMap((block) => block.lines);
  lines.splice(first, sorted.length, ...sorted);
  changes.push({
    line: number.first + 1,
    text: `Probot 9's number in a snapshot of the client's parameters → ${target}`,
  });
}
