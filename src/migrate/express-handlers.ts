import { visit } from "recast";
import { keyName, type AnyNode } from "./source-types.js";

/** Express and the middleware packages written for it: what they give a router is Express code. */
const EXPRESS_MODULES =
  /^(express|body-parser|cors|helmet|morgan|cookie-parser|cookie-session|serve-static|serve-favicon|compression|multer|csurf|method-override|response-time|errorhandler|passport|connect-[\w-]+|express-[\w-]+|http-proxy-middleware)$/;

/** Names a file commonly gives Express and body-parser without binding them in sight. */
const USUAL_NAMES = new Set(["express", "bodyParser"]);

const REQUEST_NAME = /^_?(req|request)$/i;
const RESPONSE_NAME = /^_?(res|response)$/i;
const REQUEST_READS = new Set(["query", "params", "body", "headers", "cookies", "ip", "originalUrl", "hostname"]);

const FUNCTIONS = /^(ArrowFunctionExpression|FunctionExpression|FunctionDeclaration)$/;

/**
 * How a function shows it was written for Express, or undefined: three or more parameters
 * (`(req, res, next)`; Hono's handlers take `(c, next)`), a second parameter used as an object
 * (`res.send(...)`: Hono's `next` is only called), `(req, res)` names, or a lone `req` read for
 * `req.query` and the like.
 */
export function expressShape(fn: AnyNode): string | undefined {
  if (!FUNCTIONS.test(fn.type)) return undefined;
  const names = (fn.params as AnyNode[]).map(paramName);
  const shown = `(${names.join(", ")})`;
  if (names.length >= 3) return `takes ${shown}`;
  const [first, second] = names;
  const used = second ? membersUsed(fn, second) : [];
  if (used.length > 0) return `takes ${shown} and uses ${used.map((m) => `${second as string}.${m}`).join(", ")}`;
  if (first && second && REQUEST_NAME.test(first) && RESPONSE_NAME.test(second)) return `takes ${shown}`;
  if (
    first &&
    names.length === 1 &&
    REQUEST_NAME.test(first) &&
    membersUsed(fn, first).some((m) => REQUEST_READS.has(m))
  )
    return `takes ${shown}`;
  return undefined;
}

function paramName(param: AnyNode): string {
  if (param.type === "Identifier") return param.name as string;
  if (param.type === "AssignmentPattern") return paramName(param.left as AnyNode);
  return "…";
}

/** The members read on `name` in a function's body (`res.send`, `res.status`), at most `most`. */
function membersUsed(fn: AnyNode, name: string, most = 3): string[] {
  const found = new Set<string>();
  visit(fn.body as AnyNode, {
    visitMemberExpression(path) {
      const node = path.node as AnyNode;
      const object = node.object as AnyNode;
      if (object.type === "Identifier" && object.name === name && !node.computed)
        found.add(keyName(node.property) ?? "?");
      this.traverse(path);
    },
  });
  return [...found].slice(0, most);
}

/** The local names bound to Express's modules: `const express = require("express")`, `import cors from "cors"`. */
export function expressBindings(ast: AnyNode): Map<string, string> {
  const bound = new Map<string, string>();
  visit(ast, {
    visitImportDeclaration(path) {
      const node = path.node as AnyNode;
      const source = node.source.value as string;
      if (EXPRESS_MODULES.test(source))
        for (const specifier of node.specifiers as AnyNode[]) bound.set(specifier.local.name as string, source);
      this.traverse(path);
    },
    visitVariableDeclarator(path) {
      const { id, init } = path.node as AnyNode;
      const source = init && requiredModule(init.type === "MemberExpression" ? init.object : init);
      if (source && EXPRESS_MODULES.test(source)) {
        if (id.type === "Identifier") bound.set(id.name as string, source);
        if (id.type === "ObjectPattern")
          for (const property of id.properties as AnyNode[])
            if (property.value?.type === "Identifier") bound.set(property.value.name as string, source);
      }
      this.traverse(path);
    },
  });
  return bound;
}

/** `require("m")` or `await import("m")`: "m". */
function requiredModule(node: AnyNode | undefined): string | undefined {
  const call = node?.type === "AwaitExpression" ? (node.argument as AnyNode) : node;
  if (call?.type !== "CallExpression") return undefined;
  const callee = call.callee as AnyNode;
  const isLoad = (callee.type === "Identifier" && callee.name === "require") || callee.type === "Import";
  const [first] = call.arguments as AnyNode[];
  return isLoad && first ? keyName(first) : undefined;
}

/** The Express module a middleware call comes from (`express.static("public")`, `cors()`), if it does. */
export function expressMiddlewareModule(node: AnyNode, bindings: Map<string, string>): string | undefined {
  if (node.type !== "CallExpression") return undefined;
  for (let at: AnyNode | undefined = node.callee as AnyNode; at;) {
    const required = requiredModule(at);
    if (required) return EXPRESS_MODULES.test(required) ? required : undefined;
    if (at.type === "Identifier") {
      const name = at.name as string;
      return bindings.get(name) ?? (USUAL_NAMES.has(name) ? (name === "bodyParser" ? "body-parser" : name) : undefined);
    }
    at = at.type === "MemberExpression" ? (at.object as AnyNode) : at.type === "CallExpression" ? at.callee : undefined;
  }
  return undefined;
}

/**
 * The string an Express handler does nothing but send, when the Hono handler `(c) => c.html(s)`
 * answers the same (Express sends a string as text/html, with status 200): not async, untyped
 * `(req, res)` or `(req, res, next)` that never read `req` or `next`, and whose body is only
 * `res.send("literal")`, without comments. Else undefined.
 */
export function sentStringOnly(fn: AnyNode, code: string): AnyNode | undefined {
  if (!/^(ArrowFunctionExpression|FunctionExpression)$/.test(fn.type)) return undefined;
  if (fn.async || fn.generator || fn.returnType || fn.typeParameters) return undefined;
  const params = fn.params as AnyNode[];
  if (params.length < 2 || params.length > 3) return undefined;
  if (params.some((p) => p.type !== "Identifier" || p.typeAnnotation || p.optional)) return undefined;
  if (/\/[/*]/.test(code.slice(fn.start as number, fn.end as number).replace(/(["'`])(?:\\.|(?!\1).)*\1/g, "")))
    return undefined;
  const body = fn.body as AnyNode;
  let call: AnyNode | undefined = body;
  if (body.type === "BlockStatement") {
    const [only, ...more] = body.body as AnyNode[];
    call = more.length === 0 && only?.type === "ExpressionStatement" ? (only.expression as AnyNode) : undefined;
  }
  if (call?.type !== "CallExpression") return undefined;
  const callee = call.callee as AnyNode;
  const [literal, ...rest] = call.arguments as AnyNode[];
  const sendsOnRes =
    callee.type === "MemberExpression" &&
    !callee.computed &&
    keyName(callee.property) === "send" &&
    (callee.object as AnyNode).type === "Identifier" &&
    (callee.object as AnyNode).name === (params[1] as AnyNode).name;
  if (!sendsOnRes || rest.length > 0 || !literal) return undefined;
  const plain =
    literal.type === "StringLiteral" || (literal.type === "TemplateLiteral" && literal.expressions.length === 0);
  return plain ? literal : undefined;
}

/** Hono's handler for a function that `sentStringOnly` allows: `(c) => c.html("...")`, in the function's own form. */
export function honoSend(fn: AnyNode, literal: AnyNode, code: string): string {
  const text = code.slice(literal.start as number, literal.end as number);
  if (fn.type === "ArrowFunctionExpression") return `(c) => c.html(${text})`;
  return `function ${fn.id ? `${fn.id.name as string}` : ""}(c) { return c.html(${text}); }`;
}

/** The value a string literal or a template without expressions stands for. */
export function literalValue(node: AnyNode | undefined): string | undefined {
  if (node?.type === "StringLiteral") return node.value as string;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0]?.value.cooked as string;
  return undefined;
}

/**
 * Whether `after` is the Hono form of the Express handler `before` (for the check of a rewrite):
 * `before` sends a string only, and `after` is `(c) => c.html(<the same string>)` (or the function
 * form), of the same kind and name.
 */
export function isHonoSendOf(before: AnyNode, after: AnyNode, beforeCode: string): boolean {
  const literal = sentStringOnly(before, beforeCode);
  if (!literal || before.type !== after.type || after.async || after.generator) return false;
  if ((before.id?.name as string | undefined) !== (after.id?.name as string | undefined)) return false;
  const params = after.params as AnyNode[];
  if (params.length !== 1 || params[0]?.type !== "Identifier" || params[0].name !== "c") return false;
  let call = after.body as AnyNode;
  if (call.type === "BlockStatement") {
    const [only, ...more] = call.body as AnyNode[];
    if (more.length > 0 || only?.type !== "ReturnStatement") return false;
    call = only.argument as AnyNode;
  }
  const callee = call?.callee as AnyNode | undefined;
  return (
    call?.type === "CallExpression" &&
    callee?.type === "MemberExpression" &&
    !callee.computed &&
    (callee.object as AnyNode).type === "Identifier" &&
    (callee.object as AnyNode).name === "c" &&
    keyName(callee.property) === "html" &&
    call.arguments.length === 1 &&
    literalValue(call.arguments[0] as AnyNode) === literalValue(literal)
  );
}
