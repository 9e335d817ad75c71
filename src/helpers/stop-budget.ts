/** Each step after the budget ran out still gets this long (a flush that needs no network ends well within it). */
const STEP_FLOOR_MS = 250;

export type StopBudget = {
  /**
   * Waits for `work` (a step of a stop) while the budget lasts, at least
   * 250 ms; resolves true when it settled, false when the wait was given up,
   * and rejects with its error when it failed in time.
   */
  wait(step: string, work: Promise<unknown> | undefined): Promise<boolean>;
};

/**
 * A stop that awaits Redis (or any peer) must end even when the peer never
 * answers: every step shares one deadline. The first step given up is logged
 * once, naming it; the later ones are not waited for past the floor.
 *
 * @example
 * const budget = stopBudget(graceMs + 3500, log);
 * await budget.wait("the delivery worker", worker.close({ graceMs }));
 */
export function stopBudget(ms: number, log: { warn(message: string): unknown }): StopBudget {
  const started = Date.now();
  const end = started + ms;
  let gaveUp = false;
  return {
    async wait(step, work) {
      if (!work) return true;
      const settled = await settlesWithin(work, Math.max(STEP_FLOOR_MS, end - Date.now()));
      if (!settled && !gaveUp) {
        gaveUp = true;
        log.warn(
          `Gave up waiting on Redis (or another peer) after ${Date.now() - started} ms of the stop: ${step} did not finish. ` +
            "Stopping without it; queued deliveries stay in Redis, and one still locked runs again once its lock expires.",
        );
      }
      if (settled) await work;
      return settled;
    },
  };
}

/** Resolves true when `work` settles within `ms`, false when the time runs out first. Never rejects. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return settled;
}
