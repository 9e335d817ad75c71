import type { Hono } from "hono";
import type { Logger } from "../log/get-log.js";
import { answerWebWebhook } from "./answer-web-webhook.js";
import { createBaseRouter } from "../routes/create-base-router.js";
import { isWebhookPath, webhookPathVariants } from "./get-pathname.js";
import { isDelivery, misdirectedDelivery } from "./misdirected-delivery.js";
import { requestLogger } from "./request-logger.js";
import type { WebhookReceiver } from "./webhook-receiver.js";

export type RouterOptions = {
  receiver: WebhookReceiver;
  webhookPath: string;
  log: Logger;
};

/** Where Probot's server had its welcome page, redirected as `/` is. */
const WELCOME_PATHS = new Set(["/", "/probot", "/probot/"]);

/**
 * The `/` → `/app` redirect lives in `notFound` so an app's own `GET /` wins over it; so does Probot's
 * `/probot`, which a bookmark or a deployment's health check may still read.
 */
export function createRouter({ receiver, webhookPath, log }: RouterOptions): Hono {
  const root = createBaseRouter(log);
  const warned = new Set<string>();
  root.use(requestLogger(log));
  root.on("POST", webhookPathVariants(webhookPath), (c) => answerWebWebhook(receiver, c.req.raw));
  root.get("/ping", (c) => c.text("PONG"));
  root.notFound((c) => {
    if (WELCOME_PATHS.has(c.req.path) && (c.req.method === "GET" || c.req.method === "HEAD"))
      return c.redirect("/app", 302);
    if (isWebhookPath(c.req.path, webhookPath))
      return c.json({ error: "The webhook path only accepts POST deliveries." }, 404);
    if (isDelivery(c.req.method, c.req.header("x-github-event"))) {
      return c.json({ error: misdirectedDelivery(c.req.path, webhookPath, log, warned) }, 404);
    }
    return c.json({ error: "Not found" }, 404);
  });
  return root;
}
