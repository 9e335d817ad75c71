// The public types, gathered for `index.ts` and for code written against the
// earlier single `types.ts`. Each type lives beside the code it describes;
// the ones declared here belong to no single module. The core (app.ts and
// what it imports) never imports this file, so it closes no import circle.
import type { EmitterWebhookEvent, EmitterWebhookEventName } from "@octokit/webhooks";
import type { AppClient } from "../client/app-client.js";
import type { Context } from "../context.js";
import type { Logger } from "../log/get-log.js";
import { AppWebhooks as AppWebhooksClass } from "../webhooks/app-webhooks.js";

export type { CreateAppOptions } from "../options/resolve-app-options.js";
export type { Resolver } from "../run/resolve-app-function.js";
export type { MiddlewareOptions } from "../server/create-node-middleware.js";
export type { Router } from "../app-function-argument.js";
export type {
  Application,
  ApplicationFunction,
  ApplicationFunctionOptions,
  DeprecatedApplicationFunction,
} from "../application-function.js";
export type { TokenCache } from "../client/auth/token-store.js";
export type { GetLogOptions, Logger, LogLevel } from "../log/get-log.js";
export type { AppOptions, Options } from "../options/app-options.js";
export type { RegistrationInfo, RegistrationOptions } from "../options/registrations.js";
export type { State } from "../state.js";

/** Environment variables, as in `process.env`. */
export type AdditionalOptions = { env: Record<string, string | undefined> };

/** Server settings: `port`, `host`, `webhookPath`, `webhookProxy`, ... */
export type ServerOptions = {
  host?: string | undefined;
  port?: number | undefined;
  webhookPath?: string | undefined;
  webhookProxy?: string | undefined;
  log?: Logger | undefined;
};

export type Parameters = {
  defaults?: Partial<ServerOptions> | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  overrides?: Partial<ServerOptions> | undefined;
};

export type OnCallback<E extends EmitterWebhookEventName = EmitterWebhookEventName> = (
  context: Context<E>,
) => Promise<void>;

export type FactoryOptions = {
  [key: string]: unknown;
  client: AppClient;
  clientOptions: ConstructorParameters<typeof AppClient>[0] & {
    auth?: Record<string, unknown>;
    throttle?: Record<string, unknown>;
  };
};

/** Generic constructor type. */
export type Constructor<T> = new (...args: any[]) => T;

/** The app's `webhooks`: an `@octokit/webhooks` `Webhooks` (see `app.webhooks`). */
export const AppWebhooks = AppWebhooksClass;

/**
 * Current shape (without arguments): `Webhooks` over the webhook event, with
 * a context lacking the event's own keys (`id`, `name`, `payload`). Earlier
 * shape: `AppWebhooks<Context>`, a `Webhooks<Context>`. The class itself
 * lives beside the event router, which knows nothing of `Context`.
 */
export type AppWebhooks<C = Omit<Context, keyof EmitterWebhookEvent>> = AppWebhooksClass<C>;
