/** Token exchanges bypass the client's hooks. Free of imports so it costs nothing to load. */
export type TokenExchangeHooks = {
  /** Runs one exchange (say, in a span, counting it). */
  exchange<T>(installationId: number, run: () => Promise<T>): Promise<T>;
  /** Headers to send with the exchange request: the `traceparent` of its span. */
  headers(): Record<string, string>;
};

let hooks: TokenExchangeHooks | undefined;

/** Installs (or, with `undefined`, removes) the hooks for every token store of the process. */
export function setTokenExchangeHooks(next: TokenExchangeHooks | undefined): void {
  hooks = next;
}

export function getTokenExchangeHooks(): TokenExchangeHooks | undefined {
  return hooks;
}
