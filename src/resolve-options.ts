import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import type { Webhooks } from "@octokit/webhooks";
import type { AppClient } from "./client/app-client.js";
import { appClientNow } from "./client/client-loader.js";
import { CLIENT_DEFAULTS } from "./client/defaults.js";
import { warnOnce } from "./deprecations.js";
import { AppError } from "./errors.js";
import { readAppId } from "./options/app-id.js";
import { keyAsText } from "./private-key/normalize-private-key.js";
import type { AppOptions } from "./options/app-options.js";
import { AppWebhooks } from "./webhooks/app-webhooks.js";

export type ResolvedOptions = {
  /** `NaN` (or another number) for an app id that is not a positive whole number: see `appIdProblem`. */
  appId: number | undefined;
  /** Raised when the app's JWT is needed, not by `new App()` (as Probot): see `readAppId`. */
  appIdProblem: AppError | undefined;
  privateKey: string | undefined;
  /**
   * The given client class (with the deprecated `throttleOptions`, a subclass
   * with them), made when first asked; undefined for `AppClient`.
   */
  Client: (() => typeof AppClient) | undefined;
  /** The `webhooks` option when it is an app's own `AppWebhooks`. */
  webhooks: AppWebhooks<unknown> | undefined;
  /** The `webhooks` option when it is another `@octokit/webhooks` `Webhooks`: adopted beside the app's. */
  adopted: Webhooks<unknown> | undefined;
  /** `state.throttleOptions`, given Redis sharing's throttle options (loads the client's defaults). */
  throttleInUse(shared: object | undefined): ThrottlingOptions;
};

export function resolveOptions(options: AppOptions): ResolvedOptions {
  let privateKey = options.privateKey;
  if (options.cert !== undefined) {
    warnOnce("option:cert", 'The "cert" option is deprecated; use "privateKey".');
    privateKey ??= options.cert;
  }
  let appId = options.appId;
  if (options.id !== undefined) {
    warnOnce("option:id", 'The "id" option is deprecated; use "appId".');
    appId ??= options.id;
  }
  if (options.router !== undefined) {
    warnOnce(
      "option:router",
      'The "router" option is deprecated; use getRouter() from the application function argument.',
    );
    requireRouter(options.router);
  }
  const given = madeClass(options.Client);
  let Client = given === undefined ? undefined : () => given;
  const throttleOptions = options.throttleOptions as ThrottlingOptions | undefined;
  if (throttleOptions !== undefined) {
    warnOnce(
      "option:throttleOptions",
      'The "throttleOptions" option is deprecated; set "throttle" with Client.defaults() instead.',
    );
    Client = () => (given ?? appClientNow()).defaults({ throttle: throttleOptions });
  }
  const { appId: id, problem } = readAppId(appId);
  return {
    appId: id,
    appIdProblem: problem,
    // The key is checked when first used (see TokenStore); with a platform token it is never used.
    privateKey: keyAsText(privateKey) || undefined,
    Client,
    ...resolveWebhooks(options.webhooks),
    throttleInUse: (shared) => throttleInUse(options.throttleOptions, shared),
  };
}

/**
 * The throttle options an app's clients start from: the built-in ones, then
 * the deprecated `throttleOptions`, then those Redis sharing sets (later ones
 * win, as `Client.defaults()` layers them).
 */
function throttleInUse(given: unknown, shared: object | undefined): ThrottlingOptions {
  return { ...CLIENT_DEFAULTS.throttle, ...(given as object | undefined), ...shared };
}

/** A Hono app (the `Router` type): routes in `routes`, answers from `fetch`. */
function requireRouter(router: unknown): void {
  const candidate = router as { fetch?: unknown; routes?: unknown } | null;
  if (typeof candidate === "object" && candidate !== null && typeof candidate.fetch === "function") {
    if (Array.isArray(candidate.routes)) return;
  }
  throw new AppError("OPTION_INVALID", "The router option must be a Hono app (new Hono()), the Router type.", {
    hint:
      "Mount routes with getRouter() from the application function argument instead: " +
      '({ app, getRouter }) => { getRouter("/my-app").get("/hello", (c) => c.text("hi")); }. ' +
      "An Express router goes on your own server, beside createNodeMiddleware().",
  });
}

/** An app's own `AppWebhooks` is used as it is; another `Webhooks` is adopted; anything else is refused. */
function resolveWebhooks(given: unknown): Pick<ResolvedOptions, "webhooks" | "adopted"> {
  if (given === undefined) return { webhooks: undefined, adopted: undefined };
  if (given instanceof AppWebhooks) return { webhooks: given as AppWebhooks<unknown>, adopted: undefined };
  const candidate = given as Partial<Record<"verify" | "receive" | "sign", unknown>> | null;
  if (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.verify === "function" &&
    typeof candidate.receive === "function" &&
    typeof candidate.sign === "function"
  ) {
    return { webhooks: undefined, adopted: given as Webhooks<unknown> };
  }
  throw new AppError(
    "OPTION_INVALID",
    "The webhooks option must be an @octokit/webhooks Webhooks instance (new Webhooks({ secret })).",
    {
      hint: "Or leave it out and set the secret option (WEBHOOK_SECRET): register handlers with app.on().",
    },
  );
}

/**
 * Probot 10 to 14 never construct the Octokit they are given: they make the client class with its
 * `defaults()` and construct that. A test may give an object that is no class, only a `defaults()`
 * answering its double's constructor (nikku/merge-me's `{ defaults: () => function Octokit() { return
 * replaying; } }`): that class is the Client. A class given is used as it is.
 */
function madeClass(given: AppOptions["Client"]): AppOptions["Client"] {
  if (given === undefined || typeof given === "function") return given;
  const defaults = (given as { defaults?: unknown }).defaults;
  return typeof defaults === "function" ? (defaults.call(given, {}) as AppOptions["Client"]) : given;
}
