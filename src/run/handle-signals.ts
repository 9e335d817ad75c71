import { failureMessage, toError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubSecrets } from "../log/secrets.js";

export type SignalMessages = {
  /** Logged on the first SIGINT or SIGTERM. */
  stopping: string;
  /** Logged with the error when `stop` fails. */
  failed: string;
};

export type HandledSignals = { received(): boolean; remove(): void };

/** Where bin/run.js leaves the function that removes its own handlers (those of the command's loading). */
const LOADING_SIGNALS = Symbol.for("gh-app-kit.loading-signals");

/**
 * Only here (and in commands/) does the framework touch the process's signals
 * and exit: the first SIGINT/SIGTERM stops gracefully, a second exits at once;
 * an uncaught exception is logged (scrubbed) and exits 1.
 */
export function handleSignals(stop: () => Promise<void>, log: Logger, messages: SignalMessages): HandledSignals {
  return catchSignals().handle(stop, log, messages);
}

export type SignalCatcher = {
  /** From now on a signal stops with `stop`; one caught during the start-up does so at once. */
  handle(stop: () => Promise<void>, log: Logger, messages: SignalMessages): HandledSignals;
  /** From now on an exception nothing caught is logged here (before, it is written scrubbed to stderr). */
  logTo(log: Logger): void;
  /** The start-up failed: the signals are the process's again. */
  release(): void;
};

/**
 * Catches SIGINT and SIGTERM from the first line of a start-up: Node's default
 * is to die by the signal, and a rollout may send one as soon as the port
 * accepts connections. A signal caught before `handle()` is kept and acted on
 * once the start-up is done (a second one exits at once).
 */
export function catchSignals(): SignalCatcher {
  let received: NodeJS.Signals | undefined;
  let act: ((signal: NodeJS.Signals) => void) | undefined;
  let log: Logger | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (act) return act(signal);
    if (received) process.exit(exitCode(signal));
    received = signal;
  };
  // Node would print it raw and end the process: ended as Node does (exit 1), but scrubbed, through
  // the log once there is one. An app's timer may throw while the start-up still awaits Redis.
  const onUncaught = (thrown: unknown): void => {
    const error = toError(thrown);
    const message = `An exception nothing caught ends the process: ${failureMessage(error)}`;
    if (log) {
      log.fatal({ err: error }, message);
      log.flush();
    } else {
      process.stderr.write(`${scrubSecrets(error.stack ? `${message}\n${error.stack}` : message)}\n`);
    }
    process.exit(1);
  };
  const remove = () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("uncaughtException", onUncaught);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("uncaughtException", onUncaught);
  // Only now, with ours in place: a signal's last listener removed stops Node
  // watching it, and a signal caught but not yet dispatched would be lost.
  const loading = (globalThis as Record<symbol, unknown>)[LOADING_SIGNALS];
  if (typeof loading === "function") {
    delete (globalThis as Record<symbol, unknown>)[LOADING_SIGNALS];
    (loading as () => void)();
  }
  return {
    release: remove,
    logTo(given) {
      log = given;
    },
    handle(stop, given, messages) {
      log = given;
      let stopping = false;
      act = (signal) => {
        if (stopping) {
          given.warn(`Received ${signal} again: exiting without waiting for running handlers.`);
          given.flush();
          process.exit(exitCode(signal));
        }
        stopping = true;
        given.info(`Received ${signal}: ${messages.stopping}`);
        stop().then(
          () => process.exit(0),
          (error: unknown) => {
            given.error({ err: error }, messages.failed);
            given.flush();
            process.exit(1);
          },
        );
      };
      if (received) act(received);
      return {
        received: () => stopping,
        remove,
      };
    },
  };
}

function exitCode(signal: NodeJS.Signals): number {
  return signal === "SIGINT" ? 130 : 143;
}
