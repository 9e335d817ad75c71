type Waiter<T> = { deadline: number; resolve: ((value: T) => void) | null };

/** Answered waiters kept before the queue drops them ahead of their deadline. */
const COMPACT_AFTER = 4096;

/**
 * Answers waiters with `onTimeout` once `timeoutMs` has passed, unless they
 * were answered first. Every waiter has the same timeout, so deadlines come
 * in arrival order and one timer for the oldest waiter serves them all: far
 * cheaper per delivery than a `setTimeout`/`clearTimeout` pair. The timer is
 * unref'd; whoever waits for the answer (a socket) keeps the process alive.
 * Answered waiters are dropped in batches, so a long timeout (minutes) does
 * not keep every delivery of those minutes in the queue.
 */
export class DeadlineQueue<T> {
  readonly #timeoutMs: number;
  readonly #onTimeout: T;
  #waiters: Array<Waiter<T>> = [];
  #head = 0;
  #answered = 0;
  #expiring = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(timeoutMs: number, onTimeout: T) {
    this.#timeoutMs = timeoutMs;
    this.#onTimeout = onTimeout;
  }

  /** Waiters not yet answered or timed out (for tests and stats). */
  get size(): number {
    return this.#waiters.length - this.#head - this.#answered;
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
    if (++this.#answered > COMPACT_AFTER && !this.#expiring && this.#answered * 2 > this.#waiters.length - this.#head) {
      this.#compact();
    }
    resolve(value);
    return true;
  }

  #compact(): void {
    this.#waiters = this.#waiters.slice(this.#head).filter((waiter) => waiter.resolve !== null);
    this.#head = 0;
    this.#answered = 0;
  }

  #arm(ms: number): NodeJS.Timeout {
    // Longer than setTimeout's 2^31-1 ms: wake early, and #expire re-arms.
    return setTimeout(this.#expire, Math.min(Math.max(1, ms), 2 ** 31 - 1)).unref();
  }

  readonly #expire = (): void => {
    const now = performance.now();
    const waiters = this.#waiters;
    let head = this.#head;
    this.#expiring = true;
    while (head < waiters.length && waiters[head]!.deadline <= now) {
      const waiter = waiters[head]!;
      if (waiter.resolve === null) this.#answered--;
      else this.#timeOut(waiter);
      head++;
    }
    this.#expiring = false;
    if (head === waiters.length) {
      this.#waiters = [];
      this.#head = 0;
      this.#answered = 0;
      this.#timer = undefined;
      return;
    }
    // Drop the expired prefix now and then, not on every tick.
    if (head > 1024 && head * 2 > waiters.length) {
      this.#waiters = waiters.slice(head);
      head = 0;
    }
    this.#head = head;
    this.#timer = this.#arm(this.#waiters[head]!.deadline - now);
  };

  #timeOut(waiter: Waiter<T>): void {
    const resolve = waiter.resolve!;
    waiter.resolve = null;
    resolve(this.#onTimeout);
  }
}
