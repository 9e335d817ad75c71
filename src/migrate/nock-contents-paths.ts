import { visit } from "recast";
import { lineOf, type AnyNode, type Path, type SourceWork } from "./source-types.js";

/** nock's interceptor methods: their first argument is the request's path. */
const INTERCEPTORS = new Set(["get", "head", "post", "put", "patch", "delete", "options", "intercept"]);

const CONTENTS = "/contents/";

const CHANGE =
  "nock path: the file path after /contents/ with its slashes as %2F, as the client sends it since Probot 10";

/**
 * Probot 6 to 9's client (@octokit/rest 15 and 16) sent the path of the contents route, and so of
 * the config file `context.config()` reads, with its slashes as they are
 * (`/repos/o/r/contents/.github/app.yml`); Probot 10 to 14 and gh-app-kit send them as `%2F`. A
 * nock interceptor a suite wrote for those Probots (`nock(api).get("/repos/o/r/contents/.github/app.yml")`,
 * on a chain from `nock()` or on a variable holding one) gets the path it will be asked for: the
 * slashes after `/contents/`, up to a query, written `%2F`, in a string or in a template's text
 * (what an expression in it gives is left). Only for an app whose probot admits no Probot 10.
 */
export function encodeNockContentsPaths(ast: AnyNode, log: SourceWork): void {
  const scopes = nockScopeNames(ast);
  visit(ast, {
    visitCallExpression(path) {
      const node = path.node as AnyNode;
      const callee = node.callee as AnyNode;
      const method = callee.type === "MemberExpression" && !callee.computed ? (callee.property.name as string) : "";
      const first = (node.arguments as AnyNode[])[0];
      if (INTERCEPTORS.has(method) && first && isNockChain(callee.object as AnyNode, scopes)) {
        encodePath(first, log);
        reportUntypedContents(path as Path, first, log);
      }
      this.traverse(path as Path);
    },
  });
}

/** The slashes of `from` after `/contents/` (up to a `?`) written `%2F`: what this pass writes. */
export function isContentsPathEncoding(from: unknown, to: unknown): boolean {
  if (typeof from !== "string" || typeof to !== "string" || from === to) return false;
  let j = 0;
  for (let i = 0; i < from.length; i++) {
    if (from[i] === to[j]) j += 1;
    else if (from[i] === "/" && to.startsWith("%2F", j)) j += 3;
    else return false;
  }
  return j === to.length;
}

/** Names of variables given a `nock(...)` chain: `const scope = nock(api)`, `scope = nock(api).get(...)`. */
export function nockScopeNames(ast: AnyNode): Set<string> {
  const names = new Set<string>();
  visit(ast, {
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (node.id?.type === "Identifier" && node.init && isNockChain(node.init as AnyNode, names))
        names.add(node.id.name as string);
      this.traverse(path as Path);
    },
    visitAssignmentExpression(path) {
      const node = path.node as AnyNode;
      if (node.left?.type === "Identifier" && isNockChain(node.right as AnyNode, names))
        names.add(node.left.name as string);
      this.traverse(path as Path);
    },
  });
  return names;
}

/** `nock(...)`, a call chain from it, or a variable holding one. */
export function isNockChain(node: AnyNode, scopes: ReadonlySet<string>): boolean {
  let current: AnyNode | undefined = node;
  while (current) {
    if (current.type === "TSNonNullExpression" || current.type === "TSAsExpression") current = current.expression;
    else if (current.type === "CallExpression") {
      const callee = current.callee as AnyNode;
      if (callee.type === "Identifier") return callee.name === "nock";
      current = callee.type === "MemberExpression" ? (callee.object as AnyNode) : undefined;
    } else if (current.type === "Identifier") return scopes.has(current.name as string);
    else return false;
  }
  return false;
}

function encodePath(argument: AnyNode, log: SourceWork): void {
  if (argument.type === "StringLiteral") {
    const raw = (argument.extra?.raw as string | undefined) ?? "";
    const encoded = encodeAfterContents(raw.slice(1, -1), false);
    if (encoded.text === raw.slice(1, -1)) return;
    log.edits.replace(argument, `${raw[0]}${encoded.text}${raw[0]}`);
    log.changes.push({ line: lineOf(argument), text: CHANGE });
    return;
  }
  if (argument.type !== "TemplateLiteral") return;
  let inside = false;
  let changed = false;
  for (const quasi of argument.quasis as AnyNode[]) {
    const raw = quasi.value.raw as string;
    const encoded = encodeAfterContents(raw, inside);
    inside = encoded.inside;
    if (encoded.text === raw) continue;
    log.edits.replace(quasi, encoded.text);
    changed = true;
  }
  if (changed) log.changes.push({ line: lineOf(argument), text: CHANGE });
}

/**
 * The slashes after `/contents/` written `%2F`, up to a `?`; `inside`: the text goes on a path
 * already past `/contents/` (a template's next element). Gives where the text ends.
 */
function encodeAfterContents(text: string, inside: boolean): { text: string; inside: boolean } {
  let start = 0;
  if (!inside) {
    const at = text.indexOf(CONTENTS);
    if (at < 0) return { text, inside: false };
    start = at + CONTENTS.length;
  }
  const query = text.indexOf("?", start);
  const end = query < 0 ? text.length : query;
  const path = text.slice(start, end).split("/").join("%2F");
  return { text: text.slice(0, start) + path + text.slice(end), inside: query < 0 };
}

/**
 * `.get(".../contents/...").reply(200, { content })`: Probot 9 decoded the base64 `content` of its
 * client's answer itself; Probot 10 to 14 and gh-app-kit read the answer of a config request as the
 * file only when it is a contents object (`type: "file"`, `encoding: "base64"`), as the platform sends
 * it. Such an answer without `type` is reported at its line.
 */
function reportUntypedContents(interceptor: Path, first: AnyNode, log: SourceWork): void {
  const text =
    first.type === "StringLiteral"
      ? (first.value as string)
      : first.type === "TemplateLiteral"
        ? (first.quasis as AnyNode[]).map((q) => q.value.raw as string).join("")
        : "";
  if (!text.includes(CONTENTS)) return;
  const member = interceptor.parent?.node as AnyNode | undefined;
  const reply = interceptor.parent?.parent?.node as AnyNode | undefined;
  if (member?.type !== "MemberExpression" || member.computed || member.property?.name !== "reply") return;
  if (reply?.type !== "CallExpression" || reply.callee !== member) return;
  const body = (reply.arguments as AnyNode[]).find((argument) => argument.type === "ObjectExpression");
  const keys = ((body?.properties ?? []) as AnyNode[]).map((p) =>
    p.type === "ObjectProperty" && !p.computed ? (p.key.name ?? p.key.value) : undefined,
  );
  if (!keys.includes("content") || keys.includes("type")) return;
  log.problems.push({
    line: lineOf(body as AnyNode),
    message: "answers a contents request with { content } and no type, which Probot 9 decoded itself",
    hint: 'Give the answer the contents object\'s keys, { type: "file", encoding: "base64", content }, as the platform sends it: without them, context.config() reads the answer as the document (Probot 10 to 14 read no file from it either).',
  });
}
