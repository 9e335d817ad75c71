/**
 * Counts deliveries whose handlers are still running, including those that
 * already got a 202, so a graceful stop can wait for them.
 */
export class InFlight {
  #count = 0;
  #waiters: Array<() => void> = [];

  get count(): number {
    return this.#count;
  }

  add(): void {
    this.#count++;
  }

  done(): void {
    this.#count--;
    if (this.#count === 0 && this.#waiters.length > 0) {
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const wake of waiters) wake();
    }
  }

  /** Resolves true once nothing runs, or false when `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, timeoutMs);
      this.#waiters.push(wake);
    });
  }
}
