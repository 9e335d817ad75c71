import type { App } from "../app.js";
import { warnOnce } from "../deprecations.js";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubbedLog } from "../log/scrubbed-log.js";
import {
  DEFAULT_HANDLER_TIMEOUT_MS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONCURRENT_DELIVERIES,
  DEFAULT_WEBHOOK_PATH,
} from "./server-defaults.js";

/** The webhook options every host of an app takes (server, middleware, web handler). */
export type WebhookOptions = {
  /** Default: the app's `webhookPath`, else `/api/github/webhooks`. */
  webhookPath?: string | undefined;
  /** Handlers still running after this get a 202 and go on. Default: 9000. */
  handlerTimeoutMs?: number | undefined;
  /** Larger bodies get a 413 without being read whole. Default: 25 MiB. */
  maxBodyBytes?: number | undefined;
  /** Deliveries whose handlers may run at once; beyond it, 503. Default: 1000. */
  maxConcurrentDeliveries?: number | undefined;
  /** Default: the app's logger. */
  log?: Logger | undefined;
};

export type ResolvedWebhookOptions = Required<{ [K in keyof WebhookOptions]: NonNullable<WebhookOptions[K]> }>;

/** Applies the defaults and refuses values that cannot work, at construction. */
export function resolveServerOptions(app: App, options: WebhookOptions, caller: string): ResolvedWebhookOptions {
  if (!app || typeof app !== "object" || !app.webhooks || !app.state) {
    // Probot 11 to 14's createNodeMiddleware(appFn, { probot }): the App came under Probot's name.
    const probot = options !== null && typeof options === "object" && "probot" in options;
    const call =
      caller === "createServer" ? `${caller}({ app: createApp() })` : `${caller}(appFn, { app: createApp() })`;
    const message = probot
      ? `${caller} takes the App as its "app" option, not "probot".`
      : `${caller} needs an App as its "app" option.`;
    throw new AppError("OPTION_INVALID", message, {
      hint: `Pass the app: ${call}${probot ? "; app migrate makes this change" : ""}.`,
    });
  }
  const probotPath = probotPathKey(options, caller);
  const webhookPath = options.webhookPath ?? probotPath ?? app.state.webhooks.path ?? DEFAULT_WEBHOOK_PATH;
  if (typeof webhookPath !== "string" || !webhookPath.startsWith("/")) {
    throw new AppError("OPTION_INVALID", `The webhook path must start with "/", got "${String(webhookPath)}".`, {
      hint: "Set WEBHOOK_PATH (or --webhook-path) to a path such as /api/github/webhooks.",
    });
  }
  return {
    // Without trailing slashes: "/hooks/" takes deliveries at /hooks and /hooks/, as in Probot 14.
    webhookPath: webhookPath.replace(/\/+$/, "") || "/",
    handlerTimeoutMs: positiveMs("handlerTimeoutMs", options.handlerTimeoutMs, DEFAULT_HANDLER_TIMEOUT_MS),
    maxBodyBytes: positiveInteger("maxBodyBytes", options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES),
    maxConcurrentDeliveries: positiveInteger(
      "maxConcurrentDeliveries",
      options.maxConcurrentDeliveries,
      DEFAULT_MAX_CONCURRENT_DELIVERIES,
    ),
    log: options.log ? scrubbedLog(options.log) : app.state.log,
  };
}

/**
 * Probot's `createNodeMiddleware` named it `webhooksPath`: taken here too (with one deprecation
 * warning), where it was left unread and deliveries at that path got 404. Given beside a different
 * `webhookPath`, it is refused: which one was meant cannot be told.
 */
function probotPathKey(options: WebhookOptions, caller: string): string | undefined {
  if (options === null || typeof options !== "object" || !("webhooksPath" in options)) return undefined;
  const given = (options as { webhooksPath?: unknown }).webhooksPath;
  if (given === undefined) return undefined;
  if (options.webhookPath !== undefined && options.webhookPath !== given) {
    throw new AppError(
      "OPTION_INVALID",
      `${caller} was given both "webhookPath" (${JSON.stringify(options.webhookPath)}) and Probot's "webhooksPath" (${JSON.stringify(given)}).`,
      { hint: `Keep webhookPath alone; app migrate renames webhooksPath.` },
    );
  }
  warnOnce(
    "webhooksPath",
    `The "webhooksPath" option of ${caller} (Probot's name) is deprecated; write "webhookPath" (app migrate renames it).`,
  );
  return given as string;
}

function positiveMs(name: string, value: number | undefined, fallback: number): number {
  const ms = value ?? fallback;
  if (typeof ms !== "number" || !(ms > 0)) {
    throw new AppError("OPTION_INVALID", `${name} must be a positive number of milliseconds, got ${String(ms)}.`);
  }
  return ms;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const number = value ?? fallback;
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw new AppError("OPTION_INVALID", `${name} must be a positive whole number, got ${String(number)}.`);
  }
  return number;
}

export type SocketTimeoutOptions = { headersTimeoutMs?: number | undefined; requestTimeoutMs?: number | undefined };

/** Node checks them every `connectionsCheckingInterval` (30 s, too coarse for 10 s), so that follows too. */
export function resolveSocketTimeouts(options: SocketTimeoutOptions): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
} {
  const headersTimeout = positiveMs("headersTimeoutMs", options.headersTimeoutMs, DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeout = positiveMs("requestTimeoutMs", options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  if (headersTimeout > requestTimeout || !Number.isFinite(requestTimeout)) {
    throw new AppError(
      "OPTION_INVALID",
      `headersTimeoutMs (${headersTimeout}) must be finite and at most requestTimeoutMs (${requestTimeout}).`,
      { hint: "The request deadline covers the headers too: e.g. headersTimeoutMs: 10000, requestTimeoutMs: 30000." },
    );
  }
  const connectionsCheckingInterval = Math.min(1000, Math.max(10, Math.floor(headersTimeout / 4)));
  return { headersTimeout, requestTimeout, connectionsCheckingInterval };
}
