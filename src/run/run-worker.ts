import { flushSentry } from "../log/sentry.js";
import { stopBudget } from "../helpers/stop-budget.js";
import { STOP_MARGIN_MS } from "./stop-once.js";
import { catchSignals, type SignalCatcher } from "./handle-signals.js";
import { loadApps } from "./load-apps.js";
import type { RunOverrides } from "../options/resolve-run-options.js";
import { loadSettings, openHost } from "./open-host.js";
import { startQueueWorker } from "./queue-parts.js";
import { createServer } from "../server/create-server.js";
import { watchUnhandledRejections } from "../server/watch-unhandled-rejections.js";
import type { Resolver } from "../types/index.js";
import { VERSION } from "../version.js";
import { resolveQueueSettings, type QueueOverrides } from "../queue/resolve-queue-settings.js";
import type { DeliveryWorker } from "../queue/start-delivery-worker.js";

export type RunWorkerOptions = {
  env?: NodeJS.ProcessEnv | undefined;
  cwd?: string | undefined;
  overrides?: RunOverrides | undefined;
  queue?: QueueOverrides | undefined;
  resolver?: Resolver | undefined;
  /** How long running handlers may finish after SIGTERM. Default: 10 000 ms. */
  graceMs?: number | undefined;
  /** On SIGINT/SIGTERM (from the start-up on): finish running handlers (bounded), then exit 0. Default: true. */
  handleSignals?: boolean | undefined;
};

export type RunningWorker = DeliveryWorker & { stop(options?: { graceMs?: number }): Promise<void> };

/** Redis gets this long to answer before the worker starts anyway (it waits for Redis by itself). */
const REDIS_START_WAIT_MS = 2000;

/** `app worker`: the apps loaded as `app run` loads them, with no HTTP server. */
export async function runWorker(argv: readonly string[], options: RunWorkerOptions = {}): Promise<RunningWorker> {
  // Before the first await: a signal during the start-up must not kill the process.
  const signals = options.handleSignals === false ? undefined : catchSignals();
  return startWorker(argv, options, signals).catch((error: unknown) => {
    signals?.release();
    throw error;
  });
}

async function startWorker(
  argv: readonly string[],
  options: RunWorkerOptions,
  signals: SignalCatcher | undefined,
): Promise<RunningWorker> {
  const prologue = {
    env: options.env,
    cwd: options.cwd,
    overrides: options.overrides,
    credentials: {
      needs: "A worker",
      hint: "PRIVATE_KEY_PATH (or --private-key) may name the key file instead; `app setup` writes them to .env.",
    },
    serving: true,
  } as const;
  const opened = await loadSettings(prologue);
  const queue = resolveQueueSettings({
    env: opened.env,
    overrides: options.queue,
    redisConfig: opened.settings.options.redisConfig,
    required: true,
  })!;
  const { cwd, log, app, telemetry } = await openHost(prologue, opened);
  signals?.logTo(log);
  // Apps may mount routes with getRouter(): they get a router that is never served.
  const host = createServer({ app, port: 0 });
  await host.load(await loadApps(argv, { cwd, resolver: options.resolver }));
  await app.state.redis!.connection.whenUp(REDIS_START_WAIT_MS);
  const worker = (await startQueueWorker(app, queue, log))!;
  // As a server does: work a handler did not await that fails is logged, and the worker goes on
  // (Node would end the process, and every delivery it was running with it).
  const unwatch = watchUnhandledRejections(log, () => undefined, "The worker keeps running");
  log.info(`gh-app-kit ${VERSION} worker started`);
  if (app.registrations.several) log.info(app.registrations.describe());

  const graceMs = options.graceMs ?? 10_000;
  let stopping: Promise<void> | undefined;
  const stop = ({ graceMs: grace = graceMs } = {}) =>
    (stopping ??= (async () => {
      // Whatever Redis does, the stop ends within the grace period and this margin.
      const budget = stopBudget(grace + STOP_MARGIN_MS, log);
      await budget.wait("the delivery worker's close", worker.close({ graceMs: grace }));
      unwatch();
      await budget.wait("the app's Redis connection's close", app.close());
      // Spans and metrics still buffered are exported before the process ends.
      await budget.wait("the telemetry export", telemetry?.shutdown());
      await budget.wait("the flush of error reports", flushSentry());
      log.flush();
    })());
  signals?.handle(() => stop(), log, {
    stopping: `taking no new deliveries; running handlers get up to ${graceMs} ms.`,
    failed: "The worker did not stop cleanly",
  });
  return { ...worker, stop };
}
