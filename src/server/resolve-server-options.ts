import type { App } from "../app.js";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { DEFAULT_HANDLER_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES, DEFAULT_WEBHOOK_PATH } from "./server-defaults.js";

/** The webhook options every host of an app takes (server, middleware, web handler). */
export type WebhookOptions = {
  /** Default: the app's `webhookPath`, else `/api/github/webhooks`. */
  webhookPath?: string | undefined;
  /** Handlers still running after this get a 202 and go on. Default: 9000. */
  handlerTimeoutMs?: number | undefined;
  /** Larger bodies get a 413 without being read whole. Default: 25 MiB. */
  maxBodyBytes?: number | undefined;
  /** Default: the app's logger. */
  log?: Logger | undefined;
};

export type ResolvedWebhookOptions = Required<{ [K in keyof WebhookOptions]: NonNullable<WebhookOptions[K]> }>;

/** Applies the defaults and refuses values that cannot work, at construction. */
export function resolveServerOptions(app: App, options: WebhookOptions, caller: string): ResolvedWebhookOptions {
  if (!app || typeof app !== "object" || !app.webhooks || !app.state) {
    throw new AppError("OPTION_INVALID", `${caller} needs an App as its "app" option.`, {
      hint: "Pass the app: createServer({ app: createApp() }).",
    });
  }
  const webhookPath = options.webhookPath ?? app.state.webhooks.path ?? DEFAULT_WEBHOOK_PATH;
  if (typeof webhookPath !== "string" || !webhookPath.startsWith("/")) {
    throw new AppError("OPTION_INVALID", `The webhook path must start with "/", got "${String(webhookPath)}".`, {
      hint: "Set WEBHOOK_PATH (or --webhook-path) to a path such as /api/github/webhooks.",
    });
  }
  const handlerTimeoutMs = options.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS;
  if (typeof handlerTimeoutMs !== "number" || !(handlerTimeoutMs > 0)) {
    throw new AppError("OPTION_INVALID", `handlerTimeoutMs must be a positive number of milliseconds, got ${String(handlerTimeoutMs)}.`);
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new AppError("OPTION_INVALID", `maxBodyBytes must be a positive whole number, got ${String(maxBodyBytes)}.`);
  }
  return { webhookPath, handlerTimeoutMs, maxBodyBytes, log: options.log ?? app.state.log };
}
