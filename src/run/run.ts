import { createDefaultApp } from "../apps/default.js";
import { DEVELOPMENT_SECRET } from "../create-app.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { validatePrivateKey } from "../private-key/validate-private-key.js";
import type { WebhookProxy } from "../proxy/create-webhook-proxy.js";
import { resolveAppFunction } from "./resolve-app-function.js";
import { appIdsOf, loadApps } from "./load-apps.js";
import { catchSignals, type SignalCatcher } from "./handle-signals.js";
import { loopback } from "./run-parts.js";
import { loadSettings, openHost } from "./open-host.js";
import { announceStart } from "./announce-start.js";
import { startRelay } from "./start-relay.js";
import type { RunOverrides } from "../options/resolve-run-options.js";
import { stopOnce, thenShutDown, type Stop } from "./stop-once.js";
import { openRunQueue, startQueueWorker } from "./queue-parts.js";
import type { QueueOverrides } from "../queue/resolve-queue-settings.js";
import { resolveQueueSettings } from "../queue/resolve-queue-settings.js";
import { MAX_REDELIVER_WINDOW_MS, parseDuration } from "../redeliver/parse-duration.js";
import { AppError } from "../errors.js";
import { createServer, type AppServer } from "../server/create-server.js";
import { DEFAULT_GRACE_MS, DEFAULT_WEBHOOK_PATH } from "../server/server-defaults.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { AppOptions } from "../options/app-options.js";
import type { Resolver } from "./resolve-app-function.js";
import { SECRET_IS_URL, secretIsUrl } from "../webhooks/secret-is-url.js";

export type { RunOverrides } from "../options/resolve-run-options.js";

export type RunOptions = {
  /** Default: `process.env`. The `.env` of `cwd` is added beneath it. */
  env?: NodeJS.ProcessEnv | undefined;
  /** Where `.env`, `package.json`, `app.yml` and relative app paths are. Default: `process.cwd()`. */
  cwd?: string | undefined;
  /** Options beneath the environment. */
  defaults?: AppOptions | undefined;
  /** Options above the environment: what the command line's flags set. */
  overrides?: RunOverrides | undefined;
  /** Resolves app ids to files. Default: a path, else a package installed in `cwd`. */
  resolver?: Resolver | undefined;
  /** How long running handlers may finish after a stop. Default: 10 000 ms. */
  graceMs?: number | undefined;
  /** On SIGINT/SIGTERM (from the start-up on): stop, then exit 0; a second exits at once. Default: true. */
  handleSignals?: boolean | undefined;
  /** Milliseconds before a delivery is answered 202 while handlers go on. Default: 9000. */
  handlerTimeoutMs?: number | undefined;
  /** Deliveries running at once before the server answers 503. Default: 1000. */
  maxConcurrentDeliveries?: number | undefined;
  /** Connections open at once (`--max-connections`); beyond it new ones are closed at once. Default: 1000. */
  maxConnections?: number | undefined;
  /** `--redeliver-every`: a duration (`30m`) or milliseconds; else `REDELIVER_EVERY`. Default: no sweep. */
  redeliverEvery?: string | number | undefined;
  /** Queue mode (`--queue`, `--no-worker`, `--worker-concurrency`); else `DELIVERY_QUEUE` and friends. */
  queue?: QueueOverrides | undefined;
};

/** The running server, with where it listens and a `stop()` that also closes the proxy. */
export type RunningServer = AppServer & {
  url: string;
  port: number;
  host: string;
  /** True when no credentials were found and the setup flow is served instead of the apps. */
  setupMode: boolean;
  proxy: WebhookProxy | undefined;
};

type AnyAppFunction = ApplicationFunction | DeprecatedApplicationFunction;
const REDIS_START_WAIT_MS = 2000;

/**
 * Starts the server as `app run` does: `.env`, environment and `overrides`
 * give the options; the default app and the given apps are loaded (app ids
 * are paths or package names resolved from `cwd`, plus `package.json`
 * `app.apps`); without an app id or private key it serves the setup flow
 * instead (in production it refuses to start). Resolves once listening.
 *
 * @example
 * const server = await run(({ app }) => {
 *   app.on("issues.opened", (context) => context.client.issues.createComment(context.issue({ body: "Hi" })));
 * });
 * await server.stop();
 */
export function run(appFn: ApplicationFunction, options?: RunOptions): Promise<RunningServer>;
export function run(appFn: DeprecatedApplicationFunction, options?: RunOptions): Promise<RunningServer>;
export function run(appFnOrArgv: AnyAppFunction | readonly string[], options?: RunOptions): Promise<RunningServer>;
// An overload per shape: an inline app function gets its parameters' types from the call (from the union
// alone it got none); the union last, as `Parameters<typeof run>` reads it.
export async function run(
  appFnOrArgv: AnyAppFunction | readonly string[],
  options: RunOptions = {},
): Promise<RunningServer> {
  // Before the first await: a signal during the start-up must not kill the process.
  const signals = options.handleSignals === false ? undefined : catchSignals();
  return start(appFnOrArgv, options, signals).catch((error: unknown) => {
    signals?.release();
    throw error;
  });
}

async function start(
  appFnOrArgv: AnyAppFunction | readonly string[],
  options: RunOptions,
  catcher: SignalCatcher | undefined,
): Promise<RunningServer> {
  const prologue = {
    env: options.env,
    cwd: options.cwd,
    defaults: options.defaults,
    overrides: options.overrides,
    credentials: "setup",
    serving: true,
  } as const;
  const opened = await loadSettings(prologue);
  const { env, cwd, settings, setupMode } = opened;
  // Queue mode is checked before anything loads: a missing REDIS_URL is a usage error.
  const queueSettings = setupMode
    ? undefined
    : resolveQueueSettings({ env, overrides: options.queue, redisConfig: settings.options.redisConfig });
  const redeliverEvery = options.redeliverEvery ?? ENV_BINDINGS.redeliverEvery.read(env);
  const redeliverEveryMs =
    setupMode || redeliverEvery === undefined
      ? undefined
      : typeof redeliverEvery === "number"
        ? redeliverEvery
        : parseDuration(redeliverEvery, "REDELIVER_EVERY (--redeliver-every)");
  if (redeliverEveryMs !== undefined) checkRedeliverPeriod(redeliverEveryMs, redeliverEvery!);
  // The library checks a key when first used; a server refuses a bad one at start-up.
  const givenKey = settings.options.privateKey ?? settings.options.cert;
  if (!setupMode && givenKey) validatePrivateKey(givenKey, "The privateKey option");
  // Setup mode serves no app: do not even import them (they may need the credentials),
  // but a mistyped path is said now, not after the setup.
  if (setupMode && Array.isArray(appFnOrArgv)) {
    for (const id of appIdsOf(appFnOrArgv)) (options.resolver ?? resolveAppFunction)(id, { basedir: cwd });
  }
  const appFns = setupMode
    ? []
    : Array.isArray(appFnOrArgv)
      ? await loadApps(appFnOrArgv, { cwd, resolver: options.resolver })
      : [appFnOrArgv as AnyAppFunction];
  const { log, app, telemetry } = await openHost(prologue, opened);
  catcher?.logTo(log);
  const webhookPath = app.state.webhooks.path ?? DEFAULT_WEBHOOK_PATH;
  // Forged deliveries (development secret) or a stranger's credentials (setup forms): local only.
  const localOnly = app.state.host === undefined && (setupMode || app.state.webhooks.secret === DEVELOPMENT_SECRET);
  const host = localOnly ? "127.0.0.1" : app.state.host;
  if (secretIsUrl(app.state.webhooks.secret)) log.warn(SECRET_IS_URL);
  const queueParts = await openRunQueue(app, queueSettings);
  const server = createServer({
    app,
    host,
    webhookPath,
    handlerTimeoutMs: options.handlerTimeoutMs,
    maxConcurrentDeliveries: options.maxConcurrentDeliveries,
    maxConnections: options.maxConnections,
    setupMode,
    deliveryQueue: queueParts.deliveryQueue,
    webhookProxy: false, // relayed below, with a wait for the channel
  });
  // Said once the server's options passed: a refused one (a webhook path without "/") ends the start first.
  if (localOnly) log.warn("Listening on 127.0.0.1 only; set HOST (or --host) to listen on other interfaces.");
  // The setup flow (and its YAML parser) and the proxy are loaded only when
  // used: a configured app without a proxy starts lighter and faster.
  const setupApp = setupMode
    ? (await import("../setup-manifest/create-setup-app.js")).createSetupApp({
        cwd,
        env,
        baseUrl: app.state.baseUrl,
        webhookPath,
        webhookProxy: app.state.webhookProxy,
      })
    : undefined;
  await server.load([createDefaultApp({ cwd, env, setupMode }), ...(setupApp ? [setupApp] : appFns)]);

  // With Redis sharing, give the connection a moment so the first deliveries
  // already share tokens; an unreachable Redis only delays the start this long.
  await app.state.redis?.connection.whenUp(REDIS_START_WAIT_MS);
  if (queueSettings) queueParts.worker = await startQueueWorker(app, queueSettings, log);
  if (redeliverEveryMs !== undefined) {
    const { scheduleRedelivery } = await import("../redeliver/schedule-redelivery.js");
    queueParts.redelivery = scheduleRedelivery({ app, everyMs: redeliverEveryMs, log });
  }
  const listening = await server.start();
  let proxy: WebhookProxy | undefined;
  try {
    if (app.state.webhookProxy && !setupMode) {
      const target = { port: listening.port, path: webhookPath, host: loopback(listening.host) };
      proxy = await startRelay({ url: app.state.webhookProxy, ...target, log });
    }
  } catch (error) {
    await server.stop({ graceMs: 0 });
    throw error;
  }
  const found = {
    appId: (settings.options.appId ?? settings.options.id) !== undefined,
    privateKey: Boolean(givenKey),
  };
  announceStart({ app, env, log, listening, setupMode, appCount: appFns.length, found });

  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const withTelemetry = (stopServer: Stop): Stop => thenShutDown(stopServer, telemetry);
  let stop = withTelemetry(stopOnce(server, proxy, log, graceMs, queueParts));
  const signals = catcher?.handle(() => stop({ graceMs }), log, {
    stopping: `stopping. Running handlers get up to ${graceMs} ms; send it again to exit at once.`,
    failed: "The server did not stop cleanly",
  });
  return {
    ...server,
    ...listening,
    setupMode,
    proxy,
    start() {
      // Started again after a stop: the next stop() stops this run (the proxy is not reopened).
      stop = withTelemetry(stopOnce(server, undefined, log, graceMs));
      return server.start();
    },
    stop(stopOptions) {
      // Stopped by its owner, not by a signal: the process is theirs again.
      if (!signals?.received()) signals?.remove();
      return stop(stopOptions);
    },
  };
}

/**
 * A sweep looks back at most 3 days (what the platform keeps), so a longer period would leave
 * deliveries no sweep sees; and past 24.8 days a timer fires every millisecond instead.
 */
function checkRedeliverPeriod(ms: number, given: string | number): void {
  if (Number.isFinite(ms) && ms > 0 && ms <= MAX_REDELIVER_WINDOW_MS) return;
  throw new AppError(
    "OPTION_INVALID",
    `REDELIVER_EVERY (--redeliver-every) must be at most 3d: the platform keeps deliveries for 3 days, got "${given}".`,
    { hint: "Sweep at least every 3 days, e.g. --redeliver-every 1h." },
  );
}
