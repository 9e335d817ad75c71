import type SmeeClient from "smee-client";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { registerSecret } from "../log/secrets.js";
import { describeFailure, printable, relayDelivery } from "./relay-delivery.js";
import { validateProxyOptions } from "./validate-proxy-options.js";

export type WebhookProxyOptions = {
  /** The channel to relay from, e.g. `https://smee.io/AbC123` (a secret). */
  url: string;
  /** The port and webhook path of the local server deliveries are posted to. */
  port: number;
  path: string;
  /** Where it logs (required: `app.log`, or `getLog()`); `logger` is Probot's name for it. */
  log?: Pick<Logger, "debug" | "info" | "warn"> | undefined;
  logger?: Pick<Logger, "debug" | "info" | "warn"> | undefined;
  /** The local server's address. Default: 127.0.0.1. */
  host?: string | undefined;
  /** Used to post deliveries (and, when given, to open the stream). */
  fetch?: typeof fetch | undefined;
  /**
   * Waits between attempts: from `initialDelayMs` (1 s), doubling up to
   * `maxDelayMs` (30 s). The wait starts over only once a connection has
   * stayed open `stableMs` (10 s): a relay that accepts and closes at once
   * is retried with back-off, as one that fails.
   */
  reconnect?:
    { initialDelayMs?: number | undefined; maxDelayMs?: number | undefined; stableMs?: number | undefined } | undefined;
};

export type WebhookProxy = {
  /** The channel as logged: `https://smee.io/***`. */
  readonly channel: string;
  /** Where deliveries are posted. */
  readonly target: string;
  /**
   * Settles once the first attempt to connect did: resolves when it opened or
   * failed in a way worth retrying; rejects (`WEBHOOK_PROXY_REFUSED`) when the
   * relay refused the channel's credentials (401, 403), which no retry mends.
   */
  readonly ready: Promise<void>;
  /** Disconnects, stops reconnecting and waits for deliveries being posted. */
  close(): Promise<void>;
};

type StreamError = Parameters<NonNullable<SmeeClient["onerror"]>>[0] & { code?: number | undefined };

// smee-client brings its own undici and takes longer to import than the rest
// of the framework: only apps that use a proxy pay for it.
let smeeClientModule: Promise<typeof SmeeClient> | undefined;
const loadSmeeClient = () => (smeeClientModule ??= import("#smee-client").then((module) => module.default));

/**
 * Relays webhook deliveries from a smee.io channel to the local webhook
 * route, body bytes and signature headers intact. When the stream drops or
 * answers an error it reconnects with back-off, logging one warning per drop
 * and one info line per recovery. The channel address is never logged.
 *
 * @example
 * const proxy = createWebhookProxy({ url: env.WEBHOOK_PROXY_URL, port: 3000, path: "/api/github/webhooks", log });
 * process.once("SIGTERM", () => void proxy.close());
 */
export function createWebhookProxy(options: WebhookProxyOptions): WebhookProxy {
  const { url } = options;
  const { channel, target } = validateProxyOptions(options);
  const log = loggerOf(options);
  registerSecret(url);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  // fetch() refuses a URL with credentials: send them as Basic authorization instead.
  const source = new URL(url);
  const authorization =
    source.username || source.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(source.username)}:${decodeURIComponent(source.password)}`).toString("base64")}`
      : undefined;
  source.username = source.password = "";
  const streamFetch: typeof fetch = (input, init) => {
    if (!authorization) return fetchImpl(input, init);
    const headers = new Headers(init?.headers);
    headers.set("authorization", authorization);
    return fetchImpl(input, { ...init, headers });
  };
  const initialDelay = options.reconnect?.initialDelayMs ?? 1000;
  const maxDelay = options.reconnect?.maxDelayMs ?? 30000;
  const stableMs = options.reconnect?.stableMs ?? 10000;
  registerSecret(source.href);
  const hide = (text: string) => text.split(url).join(channel).split(source.href).join(channel);
  // smee-client names the channel in its own lines: keep them at debug, hidden.
  const quiet = { info: (text: unknown) => smeeLine(text), error: (text: unknown) => smeeLine(text) };
  const smeeLine = (text: unknown) => log.debug(`smee-client: ${printable(hide(String(text)))}`);
  const posting = new Set<Promise<void>>();
  let delay = initialDelay;
  let connected = false;
  let down = false;
  let current: SmeeClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let openedAt: number | undefined;
  let flapping = false;
  let settleReady: ((error?: Error) => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    settleReady = (error) => {
      settleReady = undefined;
      if (error) reject(error);
      else resolve();
    };
  });
  // Whoever does not await it must not see an unhandled rejection.
  ready.catch(() => undefined);

  async function connect(): Promise<void> {
    timer = undefined;
    let Client: typeof SmeeClient;
    try {
      Client = await loadSmeeClient();
    } catch (error) {
      log.warn(
        `Webhook proxy cannot start: smee-client could not be loaded (${printable(describeFailure(error))}); reinstall the dependencies.`,
      );
      return;
    }
    if (closed) return;
    const client = new Client({
      source: source.href,
      target: target.href,
      logger: quiet,
      forward: false, // deliveries are posted here, byte for byte
      queryForwarding: false,
      maxConnectionTimeout: 30000,
      ...(authorization || options.fetch ? { fetch: streamFetch } : {}),
    });
    current = client;
    client.onmessage = (message) => {
      const task = relayDelivery(String(message.data), { channel, target, fetch: fetchImpl, log });
      if (!task) return;
      posting.add(task);
      void task.finally(() => posting.delete(task));
    };
    client.onerror = (event: StreamError) => {
      if ((event.code === 401 || event.code === 403) && refused(client, event.code)) return;
      lost(client, event.message ?? "the stream ended");
    };
    client.start().then(
      () => opened(client),
      (error: unknown) => lost(client, error instanceof Error ? error.message : "the connection failed"),
    );
  }

  /** The relay refused the channel's credentials before the first connection: fail the start. */
  function refused(client: SmeeClient, status: number): boolean {
    if (client !== current || connected || !settleReady) return false;
    current = undefined;
    closed = true;
    void client.stop();
    settleReady(
      new AppError(
        "WEBHOOK_PROXY_REFUSED",
        `The webhook relay at ${channel} refused the channel's credentials (${status}).`,
        {
          hint: "Check the user, password or token in WEBHOOK_PROXY_URL (or --webhook-proxy), or create a new channel.",
        },
      ),
    );
    return true;
  }

  function opened(client: SmeeClient): void {
    if (client !== current) return;
    openedAt = performance.now();
    settleReady?.();
    if (!connected) log.info(`Webhook proxy connected: forwarding deliveries from ${channel} to ${target.href}`);
    else if (down && !flapping) log.info(`Webhook proxy reconnected to ${channel}.`);
    connected = true;
    down = false;
  }

  function lost(client: SmeeClient, reason: string): void {
    if (client !== current) return; // already handled, or closed
    current = undefined;
    settleReady?.();
    // Only a connection that stayed open a while resets the back-off: one
    // closed right after it opened is retried as slowly as one that failed.
    const lived = openedAt === undefined ? undefined : performance.now() - openedAt;
    openedAt = undefined;
    const wasFlapping = flapping;
    if (lived !== undefined && lived >= stableMs) {
      delay = initialDelay;
      flapping = false;
    } else if (lived !== undefined) {
      flapping = true;
    }
    const wait = `${delay / 1000} s`;
    const why = printable(hide(reason));
    if (flapping && !wasFlapping)
      log.warn(
        `Webhook proxy's connection to ${channel} closed right after it opened (${why}); reconnecting with back-off, next in ${wait}.`,
      );
    else if (down || flapping) log.debug(`Webhook proxy still cannot reach ${channel} (${why}); retrying in ${wait}.`);
    else if (connected) log.warn(`Webhook proxy lost its connection to ${channel} (${why}); reconnecting in ${wait}.`);
    else log.warn(`Webhook proxy could not connect to ${channel} (${why}); retrying in ${wait}.`);
    down = true;
    void client.stop();
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, maxDelay);
  }

  void connect();
  return {
    channel,
    target: target.href,
    ready,
    async close() {
      settleReady?.();
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const client = current;
      current = undefined;
      await client?.stop();
      await Promise.allSettled([...posting]);
    },
  };
}

/** `log`, or Probot's `logger`; a call without either is refused now, not at its first log line. */
function loggerOf(options: WebhookProxyOptions): Pick<Logger, "debug" | "info" | "warn"> {
  const log = options.log ?? options.logger;
  if (log === undefined) {
    throw new AppError("OPTION_INVALID", "createWebhookProxy() needs a logger: its log option is missing.", {
      hint: "Pass log: app.log (or getLog() from gh-app-kit).",
    });
  }
  return log;
}
