type Waiter<T> = { deadline: number; resolve: ((value: T) => void) | null };

/**
 * Answers waiters with `onTimeout` once `timeoutMs` has passed, unless they
 * were answered first. Every waiter has the same timeout, so deadlines come
 * in arrival order and one timer for the oldest waiter serves them all: far
 * cheaper per delivery than a `setTimeout`/`clearTimeout` pair. The timer is
 * unref'd; whoever waits for the answer (a socket) keeps the process alive.
 */
export class DeadlineQueue<T> {
  readonly #timeoutMs: number;
  readonly #onTimeout: T;
  #waiters: Array<Waiter<T>> = [];
  #head = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(timeoutMs: number, onTimeout: T) {
    this.#timeoutMs = timeoutMs;
    this.#onTimeout = onTimeout;
  }

  /** Registers `resolve`; call `answer()` with the result to win the race. */
  add(resolve: (value: T) => void): Waiter<T> {
    const waiter: Waiter<T> = { deadline: performance.now() + this.#timeoutMs, resolve };
    this.#waiters.push(waiter);
    // Infinity means never: no timer at all.
    if (this.#timer === undefined && Number.isFinite(this.#timeoutMs)) this.#timer = this.#arm(this.#timeoutMs);
    return waiter;
  }

  /** Resolves the waiter with `value`; false when its timeout already answered it. */
  answer(waiter: Waiter<T>, value: T): boolean {
    const resolve = waiter.resolve;
    if (resolve === null) return false;
    waiter.resolve = null;
    resolve(value);
    return true;
  }

  #arm(ms: number): NodeJS.Timeout {
    // Longer than setTimeout's 2^31-1 ms: wake early, and #expire re-arms.
    return setTimeout(this.#expire, Math.min(Math.max(1, ms), 2 ** 31 - 1)).unref();
  }

  readonly #expire = (): void => {
    const now = performance.now();
    const waiters = this.#waiters;
    let head = this.#head;
    while (head < waiters.length && waiters[head]!.deadline <= now) {
      this.answer(waiters[head]!, this.#onTimeout);
      head++;
    }
    if (head === waiters.length) {
      this.#waiters = [];
      this.#head = 0;
      this.#timer = undefined;
      return;
    }
    // Drop the answered prefix now and then, not on every tick.
    if (head > 1024 && head * 2 > waiters.length) {
      this.#waiters = waiters.slice(head);
      head = 0;
    }
    this.#head = head;
    this.#timer = this.#arm(waiters[head]!.deadline - now);
  };
}
