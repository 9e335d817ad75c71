import * as Flags from "@oclif/core/flags";
import { ENV_BINDINGS, MAX_TIMER_MS } from "../options/read-env-options.js";
import { inHelpGroup } from "./flags.js";

/** Flags of queue mode shared by `app run` and `app worker`. */
export const workerFlags = inHelpGroup("QUEUE", {
  "worker-concurrency": Flags.integer({
    min: 1,
    env: ENV_BINDINGS.workerConcurrency.variable,
    summary: "Queue mode: deliveries a worker runs at once (default 10).",
    helpValue: "N",
  }),
});

/** `app run` and `app worker`: how long running handlers may finish after SIGINT/SIGTERM. */
export const shutdownFlags = inHelpGroup("SERVER", {
  "shutdown-grace": Flags.integer({
    min: 0,
    max: MAX_TIMER_MS,
    env: ENV_BINDINGS.shutdownGraceMs.variable,
    summary:
      "Milliseconds running handlers get to finish after SIGINT/SIGTERM (default 10000); a worker then hands the deliveries still running back to the queue.",
    helpValue: "MS",
  }),
});

export const queueFlags = inHelpGroup("QUEUE", {
  queue: Flags.option({
    options: ["redis", "none"] as const,
    env: ENV_BINDINGS.deliveryQueue.variable,
    summary: "redis: answer deliveries at once (202) and run them from a queue in REDIS_URL. See docs/queue.md.",
  })(),
  worker: Flags.boolean({
    allowNo: true,
    summary: "Queue mode: run a worker in this process (default); --no-worker serves HTTP only.",
  }),
  ...workerFlags,
  "delivery-attempts": Flags.integer({
    min: 1,
    env: ENV_BINDINGS.deliveryAttempts.variable,
    summary:
      "Queue mode: runs of a failing delivery in all, with exponential back-off, before the failed set (default 3).",
    helpValue: "N",
  }),
});

/** `app run --redeliver-every`: the redelivery sweep on a schedule. */
export const redeliverFlags = inHelpGroup("SERVER", {
  "redeliver-every": Flags.string({
    env: ENV_BINDINGS.redeliverEvery.variable,
    summary:
      "Ask the platform to redeliver failed deliveries every DURATION (e.g. 30m); with REDIS_URL one instance sweeps. See docs/redelivery.md.",
    helpValue: "DURATION",
  }),
});
