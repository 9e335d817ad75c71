import { isWorkerd } from "../helpers/is-workerd.js";

/**
 * The clock in ms. Not `process.uptime()`, which stands at 0 on Cloudflare
 * Workers, and not `performance.now()`, which loads perf_hooks (a few ms of
 * `app receive`'s start). A clock step can only move one 202 earlier or later.
 */
const nowMs = (): number => Date.now();

type Timer = ReturnType<typeof setTimeout>;

/** setTimeout's longest wait: a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Waiter<T> = {
  deadline: number;
  resolve: ((value: T) => void) | null;
  prev: Waiter<T> | null;
  next: Waiter<T> | null;
  /** Its own timer, on Workers only. */
  timer?: Timer | undefined;
};

/**
 * One timeout for all, so one timer for the oldest serves them: far cheaper
 * than a `setTimeout`/`clearTimeout` pair per delivery. A linked list, so an
 * answered waiter leaves at once. Unref'd: the waiting socket keeps the process alive.
 * On Workers a timer belongs to the request that set it and dies with it, so
 * there each waiter has a timer of its own (`perWaiterTimers`).
 */
export class DeadlineQueue<T> {
  readonly #timeoutMs: number;
  readonly #onTimeout: T;
  #head: Waiter<T> | null = null;
  #tail: Waiter<T> | null = null;
  #size = 0;
  #timer: Timer | undefined;
  readonly #perWaiterTimers: boolean;

  constructor(timeoutMs: number, onTimeout: T, { perWaiterTimers = isWorkerd() } = {}) {
    this.#timeoutMs = timeoutMs;
    this.#onTimeout = onTimeout;
    this.#perWaiterTimers = perWaiterTimers;
  }

  get size(): number {
    return this.#size;
  }

  /** Registers `resolve`; call `answer()` with the result to win the race. */
  add(resolve: (value: T) => void): Waiter<T> {
    const waiter: Waiter<T> = { deadline: nowMs() + this.#timeoutMs, resolve, prev: this.#tail, next: null };
    if (this.#tail === null) this.#head = waiter;
    else this.#tail.next = waiter;
    this.#tail = waiter;
    this.#size++;
    // Infinity means never: no timer at all.
    if (!Number.isFinite(this.#timeoutMs)) return waiter;
    if (this.#perWaiterTimers) this.#armWaiter(waiter, this.#timeoutMs);
    else if (this.#timer === undefined) this.#timer = this.#arm(this.#timeoutMs);
    return waiter;
  }

  /** Resolves the waiter with `value`; false when its timeout already answered it. */
  answer(waiter: Waiter<T>, value: T): boolean {
    const resolve = waiter.resolve;
    if (resolve === null) return false;
    this.#unlink(waiter);
    resolve(value);
    return true;
  }

  /** A waiter's own timer; past setTimeout's longest wait it wakes early and waits again for the rest. */
  #armWaiter(waiter: Waiter<T>, ms: number): void {
    waiter.timer = setTimeout(
      () => {
        const left = waiter.deadline - nowMs();
        if (left > 0 && waiter.resolve !== null) this.#armWaiter(waiter, left);
        else this.#timeOut(waiter);
      },
      Math.min(Math.max(1, ms), MAX_TIMER_MS),
    );
  }

  #timeOut(waiter: Waiter<T>): void {
    const resolve = waiter.resolve;
    if (resolve === null) return;
    this.#unlink(waiter);
    resolve(this.#onTimeout);
  }

  #unlink(waiter: Waiter<T>): void {
    waiter.resolve = null;
    if (waiter.timer !== undefined) clearTimeout(waiter.timer);
    if (waiter.prev === null) this.#head = waiter.next;
    else waiter.prev.next = waiter.next;
    if (waiter.next === null) this.#tail = waiter.prev;
    else waiter.next.prev = waiter.prev;
    waiter.prev = waiter.next = null;
    this.#size--;
  }

  #arm(ms: number): Timer {
    // Longer than setTimeout's 2^31-1 ms: wake early, and #expire re-arms.
    const timer = setTimeout(this.#expire, Math.min(Math.max(1, ms), MAX_TIMER_MS));
    // A number where timers are the Web's (Workers): nothing to unref there.
    (timer as { unref?: () => void }).unref?.();
    return timer;
  }

  readonly #expire = (): void => {
    const now = nowMs();
    let waiter = this.#head;
    while (waiter !== null && waiter.deadline <= now) {
      const resolve = waiter.resolve!;
      this.#unlink(waiter);
      resolve(this.#onTimeout);
      waiter = this.#head;
    }
    // The head may have been answered since the timer was set: wake for the new head.
    this.#timer = waiter === null ? undefined : this.#arm(waiter.deadline - now);
  };
}
