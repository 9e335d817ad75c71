import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubSecrets } from "../log/secrets.js";

/** `(req, res)`-style names, as Express's docs and most apps write them. */
const REQUEST_NAME = /^_?(req|request)$/i;
const RESPONSE_NAME = /^_?(res|response)$/i;
/** What an Express handler reads of its request; Hono's context has none of these. */
const REQUEST_READS = /^(query|params|body|headers|cookies|ip|originalUrl|baseUrl|hostname)$/;

const shapes = new WeakMap<object, string | false>();

/**
 * How a route handler shows it was written for Express, or undefined: it takes three or more
 * parameters (`(req, res, next)`, `(err, req, res, next)`: Hono's take `(c, next)`), its second one
 * is used as an object (`res.send(...)`: Hono's `next` is only called), or its parameters are named
 * `(req, res)`. Read from the function's source, once per function: when a handler is added to
 * getRouter()'s router (express-routes.ts), or when a route of another router failed.
 */
export function expressShape(handler: unknown): string | undefined {
  if (typeof handler !== "function") return undefined;
  let shape = shapes.get(handler);
  if (shape === undefined) {
    shape = readShape(Function.prototype.toString.call(handler)) ?? false;
    shapes.set(handler, shape);
  }
  return shape || undefined;
}

function readShape(source: string): string | undefined {
  const parsed = parseParameters(source);
  if (!parsed) return undefined;
  const { names, body } = parsed;
  const shown = `(${names.join(", ")})`;
  if (names.length >= 3) return `takes ${shown}`;
  const [first, second] = names;
  if (second && second !== "?" && usesMember(body, second)) return `takes ${shown} and uses ${second} as an object`;
  if (first && second && REQUEST_NAME.test(first) && RESPONSE_NAME.test(second)) return `takes ${shown}`;
  if (first && names.length === 1 && REQUEST_NAME.test(first) && readsRequest(body, first)) return `takes ${shown}`;
  return undefined;
}

/** The parameter names (`?` for a pattern) and the text after them, of a function's source. */
function parseParameters(source: string): { names: string[]; body: string } | undefined {
  const bare = /^\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(source);
  if (bare) return { names: [bare[1] as string], body: source.slice(bare[0].length) };
  const open = source.indexOf("(");
  if (open < 0) return undefined;
  let depth = 0;
  let close = -1;
  for (let at = open; at < source.length && close < 0; at++) {
    const char = source[at];
    if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") if (--depth === 0) close = at;
  }
  if (close < 0) return undefined;
  const inside = source.slice(open + 1, close);
  const names = splitTopLevel(inside)
    .map(
      (part) =>
        part
          .replace(/^\.\.\./, "")
          .split("=")[0]
          ?.trim() ?? "",
    )
    .filter((part) => part !== "")
    .map((part) => (/^[A-Za-z_$][\w$]*$/.test(part) ? part : "?"));
  return { names, body: source.slice(close + 1) };
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") depth--;
    else if (char === "," && depth === 0) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function usesMember(body: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.])${escape(name)}\\s*\\??\\.\\s*[A-Za-z_$]`).test(body);
}

function readsRequest(body: string, name: string): boolean {
  const reads = new RegExp(`(?<![\\w$.])${escape(name)}\\s*\\??\\.\\s*([A-Za-z_$][\\w$]*)`, "g");
  return [...body.matchAll(reads)].some((match) => REQUEST_READS.test(match[1] ?? ""));
}

function escape(name: string): string {
  return name.replace(/\$/g, "\\$");
}

/**
 * Logs one line when a request that failed (`error`) or that a matched route answered with nothing
 * (no `error`: Hono then answers 404) ran a handler written for Express. True when it logged.
 */
export function logExpressHandler(c: Context, log: Logger, error?: Error): boolean {
  const found = expressHandlerError(c, error);
  if (!found) return false;
  const { method, path } = c.req;
  const what = error ? `failed: ${error.message}.` : "matched a route that answered nothing.";
  log.error(
    { err: found, method, path, code: found.code },
    scrubSecrets(`${method} ${path} ${what} ${upperFirst(found.message)} (${found.code}). ${found.hint ?? ""}`),
  );
  return true;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * When a failed request matched a handler written for Express, the error that says so: the
 * handler that was running first (Hono's `routeIndex`), else any other the request matched.
 */
export function expressHandlerError(c: Context, cause: unknown): AppError | undefined {
  const routes = matchedRoutes(c);
  const running = routes[c.req.routeIndex];
  const ordered = running ? [running, ...routes.filter((route) => route !== running)] : routes;
  for (const route of ordered) {
    const handler = (route.handler as { [COMPOSED]?: unknown })[COMPOSED] ?? route.handler;
    const shape = expressShape(handler);
    if (!shape) continue;
    const name = (handler as { name?: string }).name;
    const what = `${route.method === "ALL" ? "the middleware on" : `the handler of ${route.method}`} ${route.path}`;
    const named = name ? `${what} (${name})` : what;
    return new AppError(
      "ROUTE_HANDLER_EXPRESS",
      `${named} looks like an Express handler: it ${shape}, but getRouter()'s routes are Hono's, called with (c, next)`,
      { hint: HINT, cause },
    );
  }
  return undefined;
}

/** Hono's mark on a sub-app's handler wrapped with its error handler (`app.route(path, subApp)`). */
const COMPOSED = "__COMPOSED_HANDLER";

const HINT =
  'Write it for Hono: router.get("/hello-world", (c) => c.text("Hello World")), returning the answer ' +
  '(c.json(x), c.html(s), c.redirect(url), c.text(s, 201)) and reading c.req.query("q"), c.req.param("id"), ' +
  'await c.req.json(); for express.static use serveStatic from "@hono/node-server/serve-static". Or keep the ' +
  "Express routes in your own Express app beside createNodeMiddleware() (see docs/server.md).";
