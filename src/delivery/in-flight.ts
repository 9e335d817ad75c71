export type InFlightDelivery = {
  readonly id: string;
  readonly name: string;
  readonly payload: unknown;
  /** The handlers' context, set by the event router once it is made: what a stop aborts. */
  context?: unknown;
};

/** Also those already answered 202, so a graceful stop can wait for them. */
export class InFlight {
  #running = new Set<InFlightDelivery>();
  #waiters: Array<() => void> = [];

  get count(): number {
    return this.#running.size;
  }

  add(event: { id: string; name: string; payload: unknown }): InFlightDelivery {
    const delivery: InFlightDelivery = { id: event.id, name: event.name, payload: event.payload };
    this.#running.add(delivery);
    return delivery;
  }

  done(delivery: InFlightDelivery): void {
    this.#running.delete(delivery);
    if (this.#running.size === 0 && this.#waiters.length > 0) {
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const wake of waiters) wake();
    }
  }

  running(): InFlightDelivery[] {
    return [...this.#running];
  }

  /** Resolves true once nothing runs, or false when `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.#running.size === 0) return Promise.resolve(true);
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
