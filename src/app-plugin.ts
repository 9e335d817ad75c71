import type { AppSharing, SharingOptions } from "./app-sharing.js";
import type { AppClient } from "./client/app-client.js";
import type { TokenExchangeHooks } from "./client/auth/token-exchange-hooks.js";
import type { OpenDeliveryPort } from "./delivery/delivery-port.js";
import { AppError } from "./errors.js";
import type { AppOptions } from "./options/app-options.js";
import type { State } from "./state.js";

// How features attach to an App, in the shape of Octokit's plugins: a function
// of the App being made and its options, returning what it adds. The App runs
// its plugins once, in its constructor, and keeps what they return for itself:
// two Apps of one process made with different plugins share nothing. app.ts
// names the plugin type (`AppPlugin`): this file names no App, which imports it.

/**
 * What the delivery path asks of tracing (telemetry supplies it): the server
 * and the queue use it through `app.tracing`, without knowing OpenTelemetry.
 */
export type DeliveryTracing = {
  /** Writes the active trace context into a plain object, e.g. a queued job's data. */
  injectTraceContext(carrier?: Record<string, string>): Record<string, string>;
  /** Queue mode: runs `enqueue` in the producer span that roots the delivery's trace. */
  traceEnqueue(
    delivery: { id: string; name: string; payload: unknown },
    enqueue: (carrier: Record<string, string>) => Promise<"queued" | "duplicate">,
  ): Promise<"queued" | "duplicate">;
  /** Runs `fn` in the trace context `injectTraceContext` wrote: its spans join that trace. */
  withTraceContext<T>(carrier: Record<string, string> | undefined, fn: () => T): T;
  /** Queue mode: `github_app.queue.depth` and `.oldest_age` (s), read at each metric export. */
  observeQueue(read: () => Promise<QueueReading> | QueueReading): void;
};

/** What `observeQueue`'s reader returns: waiting deliveries, and the oldest one's age (0 when none waits). */
export type QueueReading = { depth: number; oldestAgeSeconds: number };

/** What a plugin gives the App it is made with; every key is optional. */
export type AppPluginAdditions = {
  /** What instances share (tokens, throttling, delivery claims): `app.state.redis`. One plugin at most. */
  sharing?: AppSharing | undefined;
  /** The same sharing for another registration of this App (several registrations): scoped to its app id and platform. */
  shareFor?: ((scope: { appId: number | string; baseUrl?: string | undefined }) => AppSharing) | undefined;
  /** Runs around each installation-token exchange, which bypasses the clients' hooks. */
  tokenExchange?: TokenExchangeHooks | undefined;
  /** Derives the class the App's clients are made from (e.g. `Client.plugin(...)`). */
  wrapClient?: ((Client: typeof AppClient) => typeof AppClient) | undefined;
  /** Trace context for deliveries that cross processes: `app.tracing`. One plugin at most. */
  tracing?: DeliveryTracing | undefined;
  /** Opens a delivery queue (queue mode): `app.openQueue`. One plugin at most. */
  openQueue?: OpenDeliveryPort | undefined;
};

/** A plugin of apps of type `A` made with options `O`: `AppPlugin` in app.ts. */
export type AppPluginOf<A, O> = (app: A, options: O) => AppPluginAdditions | void;

/**
 * The plugin that gives an App given `redisConfig` what `create` makes of it,
 * scoped to its app id and platform: the Redis sharing (or, in a Workers
 * bundle, its stand-in). Without `redisConfig` it adds nothing.
 */
export function sharingPlugin(
  create: (options: SharingOptions) => AppSharing,
): AppPluginOf<{ state: Pick<State, "appId" | "log"> }, Pick<AppOptions, "redisConfig" | "baseUrl">> {
  return (app, { redisConfig, baseUrl }) =>
    redisConfig
      ? {
          sharing: create({ config: redisConfig, appId: app.state.appId ?? "token", baseUrl, log: app.state.log }),
          shareFor: (scope) => create({ config: redisConfig, ...scope, log: app.state.log }),
        }
      : undefined;
}

/** `current` then those of `added` it lacks, in order: a plugin given twice runs once (as Octokit's). */
export function withPlugins<P>(current: readonly P[], added: readonly P[]): readonly P[] {
  return [...current, ...added.filter((plugin, index) => !current.includes(plugin) && added.indexOf(plugin) === index)];
}

/** Runs each plugin on the App being made, and gathers what they add. */
export function applyPlugins<A, O>(app: A, plugins: readonly AppPluginOf<A, O>[], options: O): AppPluginAdditions {
  const all: AppPluginAdditions[] = [];
  for (const plugin of plugins) {
    if (typeof plugin !== "function") {
      throw new AppError(
        "OPTION_INVALID",
        `A plugin must be a function (app, options) => additions, got ${typeof plugin}.`,
        {
          hint: "Pass the plugin function itself: plugins: [myPlugin], not plugins: [myPlugin()].",
        },
      );
    }
    const additions = plugin(app, options);
    if (additions) all.push(additions);
  }
  const wraps = all.flatMap(({ wrapClient }) => (wrapClient ? [wrapClient] : []));
  const exchanges = all.flatMap(({ tokenExchange }) => (tokenExchange ? [tokenExchange] : []));
  return {
    sharing: single(all, "sharing"),
    shareFor: single(all, "shareFor"),
    tracing: single(all, "tracing"),
    openQueue: single(all, "openQueue"),
    wrapClient: wraps.length === 0 ? undefined : (Client) => wraps.reduce((wrapped, wrap) => wrap(wrapped), Client),
    tokenExchange: exchanges.length <= 1 ? exchanges[0] : composeExchanges(exchanges),
  };
}

function single<K extends "sharing" | "shareFor" | "tracing" | "openQueue">(
  all: AppPluginAdditions[],
  key: K,
): AppPluginAdditions[K] {
  const given = all.filter((additions) => additions[key] !== undefined);
  if (given.length > 1) {
    throw new AppError("OPTION_INVALID", `Two plugins of this App both supply its ${key}.`, {
      hint: `Give the App one plugin that supplies ${key}.`,
    });
  }
  return given[0]?.[key];
}

/** The first given runs outermost; every plugin's headers are sent. */
function composeExchanges(hooks: TokenExchangeHooks[]): TokenExchangeHooks {
  return {
    exchange: (installationId, run) =>
      hooks.reduceRight<typeof run>((inner, hook) => () => hook.exchange(installationId, inner), run)(),
    headers: () => Object.assign({}, ...hooks.map((hook) => hook.headers())) as Record<string, string>,
  };
}
