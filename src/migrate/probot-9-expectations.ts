import { visit } from "recast";
import { parseWithBabel } from "./parse-source.js";
import { keyName, lineOf } from "./source-types.js";
import type { AnyNode, Change, Path, SourceWork } from "./source-types.js";

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
  visit(ast, {
    visitCallExpression(path) {
      const target = expectedTarget(path as Path);
      if (target) {
        const node = path.node as AnyNode;
        for (const argument of node.arguments as AnyNode[]) renameIn(argument, target, log);
      }
      this.traverse(path);
    },
  });
}

const CALL_MATCHERS = new Set([
  "toHaveBeenCalledWith",
  "toBeCalledWith",
  "toHaveBeenLastCalledWith",
  "lastCalledWith",
  "toHaveBeenNthCalledWith",
  "nthCalledWith",
]);
const VALUE_MATCHERS = new Set(["toEqual", "toStrictEqual", "toMatchObject"]);

/** The key a matcher's expected parameters take: `expect(<client>.issues.<method>...).<matcher>(...)`. */
function expectedTarget(path: Path): string | undefined {
  const callee = (path.node as AnyNode).callee as AnyNode;
  if (callee.type !== "MemberExpression" || callee.computed) return undefined;
  const matcher = keyName(callee.property) ?? "";
  const subject = expectSubject(callee.object as AnyNode);
  if (!subject) return undefined;
  const method = clientMethod(subject);
  if (!method) return undefined;
  // A call matcher is given the double; a value matcher, what its mock recorded.
  if (CALL_MATCHERS.has(matcher) ? method.rest.length > 0 : !VALUE_MATCHERS.has(matcher) || method.rest[0] !== "mock")
    return undefined;
  return numberTarget(method.area, method.name);
}

/** `X` of `expect(X)`. */
function expectSubject(node: AnyNode): AnyNode | undefined {
  if (node.type !== "CallExpression" || node.callee.type !== "Identifier" || node.callee.name !== "expect")
    return undefined;
  return node.arguments.length === 1 ? (node.arguments[0] as AnyNode) : undefined;
}

/** `<x>.issues.<name>` (then `.mock.calls[0]`...): the area, method and what follows, outermost last. */
function clientMethod(node: AnyNode): { area: string; name: string; rest: string[] } | undefined {
  const chain: string[] = [];
  let current = node;
  while (current.type === "MemberExpression") {
    chain.unshift(current.computed ? "[]" : (keyName(current.property) ?? "?"));
    current = current.object as AnyNode;
  }
  const at = chain.findIndex((key) => key === "issues" || key === "pulls" || key === "pullRequests");
  const name = chain[at + 1];
  // A double's own module (`issues.createComment`) needs the object before it: `github.issues...`, `octokit.issues...`.
  if (at < 0 || !name || name === "[]" || (at === 0 && current.type !== "Identifier")) return undefined;
  if (chain[at] === "pullRequests") return undefined;
  return { area: chain[at] as string, name, rest: chain.slice(at + 2) };
}

function numberTarget(area: string, method: string): string {
  return area === "pulls" ? "pull_number" : /Milestone/.test(method) ? "milestone_number" : "issue_number";
}

/** Objects of parameters, as written in an expectation: an object, `expect.objectContaining(...)`, an array of them. */
function renameIn(node: AnyNode, target: string, log: SourceWork): void {
  if (node.type === "ObjectExpression") {
    for (const property of node.properties as AnyNode[]) {
      if (property.type !== "ObjectProperty" || property.computed || keyName(property.key) !== "number") continue;
      if (property.shorthand) log.edits.replace(property.key, `${target}: ${property.key.name as string}`);
      else log.edits.replace(property.key, target);
      log.changes.push({
        line: lineOf(property),
        text: `Probot 9's number in a test's expectation of the client → ${target}`,
      });
    }
  } else if (node.type === "ArrayExpression") {
    for (const element of node.elements as Array<AnyNode | null>) if (element) renameIn(element, target, log);
  } else if (
    node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    keyName(node.callee.property) === "objectContaining" &&
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
        const area = subject ? snapshotArea(subject) : undefined;
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
