/**
 * Token exchanges bypass the client's hooks: a plugin (telemetry) gives the
 * App these, and the App's token store runs each exchange through them.
 */
export type TokenExchangeHooks = {
  /** Runs one exchange (say, in a span, counting it). */
  exchange<T>(installationId: number, run: () => Promise<T>): Promise<T>;
  /** Headers to send with the exchange request: the `traceparent` of its span. */
  headers(): Record<string, string>;
};
