import type { MiddlewareHandler } from "hono";
import type { Logger } from "../log/get-log.js";
import { logRequest, pickRequestId } from "./log-request.js";

/** Hono middleware: the one request log line, after the answer (404s and 500s included). */
export function requestLogger(log: Logger): MiddlewareHandler {
  return async function logRequestLine(c, next) {
    const startedAt = performance.now();
    await next();
    const id = pickRequestId(c.req.header("x-request-id"), c.req.header("x-github-delivery"));
    logRequest(log, c.req.method, c.req.path, c.res.status, startedAt, id);
  };
}
