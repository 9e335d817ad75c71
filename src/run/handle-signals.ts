import type { Logger } from "../log/get-log.js";

export type SignalMessages = {
  /** Logged on the first SIGINT or SIGTERM. */
  stopping: string;
  /** Logged with the error when `stop` fails. */
  failed: string;
};

/**
 * Only here (and in commands/) does the framework touch the process's signals
 * and exit: the first SIGINT/SIGTERM stops gracefully, a second exits at once.
 */
export function handleSignals(
  stop: () => Promise<void>,
  log: Logger,
  messages: SignalMessages,
): { received(): boolean; remove(): void } {
  let received = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received) {
      log.warn(`Received ${signal} again: exiting without waiting for running handlers.`);
      log.flush();
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    received = true;
    log.info(`Received ${signal}: ${messages.stopping}`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, messages.failed);
        log.flush();
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    received: () => received,
    remove() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
