import type { Context, Hono } from "hono";
import { HonoBase } from "hono/hono-base";
import { HTTPException } from "hono/http-exception";
import { TrieRouter } from "hono/router/trie-router";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isAppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubSecrets } from "../log/secrets.js";
import { logExpressHandler } from "./express-handler.js";

/**
 * The trie router: Hono's default refuses routes added after the first
 * request, and an app function may add its routes late (after an `await`).
 * `HonoBase` is `Hono` without its default routers, which would be bundled
 * unused (a Worker carries every byte).
 */
export function createBaseRouter(
  log: Logger,
  /** What none of the routes answered goes here first: its Response, if it gives one, is the answer. */
  unanswered?: (c: Context) => Response | undefined,
): Hono {
  const router: Hono = new HonoBase({ router: new TrieRouter() });
  router.notFound((c) => {
    const handedOn = unanswered?.(c);
    if (handedOn) return handedOn;
    // A route matched but answered nothing: Hono's answer for a handler that returns no Response.
    logExpressHandler(c, log);
    return c.json({ error: "Not found" }, 404);
  });
  router.onError((error, c) => answerError(error, c, log));
  return router;
}

function answerError(error: Error, c: Context, log: Logger): Response {
  if (error instanceof HTTPException) return error.getResponse();
  // An AppError that says it is the caller's fault keeps its status and message.
  if (isAppError(error) && error.status !== undefined && error.status >= 400 && error.status < 500) {
    return c.json({ error: scrubSecrets(error.message) }, error.status as ContentfulStatusCode);
  }
  const { method, path } = c.req;
  if (logExpressHandler(c, log, error)) return c.json({ error: "Internal server error" }, 500);
  log.error({ err: error, method, path }, `${method} ${path} failed: ${error.message}`);
  return c.json({ error: "Internal server error" }, 500);
}
