import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { App } from "../app.js";
import { AppError } from "../errors.js";
import type { ApplicationFunction, DeprecatedApplicationFunction, Router } from "../types.js";
import { createRouter } from "./create-router.js";
import { getPathname } from "./get-pathname.js";
import { handleNodeWebhook } from "./handle-node-webhook.js";
import { checkPort, listen, type ListenInfo } from "./listen.js";
import { positiveMs, resolveServerOptions, type WebhookOptions } from "./resolve-server-options.js";
import { DEFAULT_GRACE_MS, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "./server-defaults.js";
import { stopServer } from "./stop-server.js";
import { watchUnhandledRejections } from "./watch-unhandled-rejections.js";
import { WebhookReceiver } from "./webhook-receiver.js";

export type { ListenInfo };

export type CreateServerOptions = WebhookOptions & {
  app: App;
  /** Default: the app's `port`, else 3000; 0 picks a free port. */
  port?: number | undefined;
  /** Default: the app's `host`, else all interfaces. */
  host?: string | undefined;
  /** A client that has not sent its request headers by then gets a 408. Default: 10000. */
  headersTimeoutMs?: number | undefined;
  /** A client that has not sent its whole request (headers and body) by then gets a 408. Default: 30000. */
  requestTimeoutMs?: number | undefined;
};

/** Counters of what the server refused, abandoned or caught, since it was created. */
export type ServerStats = {
  /** Deliveries whose handlers are running now (also after a 202). */
  inFlight: number;
  /** Deliveries answered 503 because `maxConcurrentDeliveries` were running. */
  refusedDeliveries: number;
  /** Handlers abandoned at `handlerDeadlineMs`. */
  abandonedHandlers: number;
  /** Promise rejections nothing handled, logged while the server ran. */
  unhandledRejections: number;
};

type AnyAppFunction = ApplicationFunction | DeprecatedApplicationFunction;

export type AppServer = {
  app: App;
  /** The root Hono app: webhook route, `/ping`, and every app's routes. */
  router: Hono;
  /** The Web-standard handler for everything the server serves. */
  fetch: (request: Request) => Promise<Response>;
  /** A router mounted at `path` (default `/`), for app functions. */
  getRouter(path?: string): Router;
  /** `app.load(appFn, { getRouter })`: one or several app functions, either shape. */
  load(appFn: ApplicationFunction | ReadonlyArray<ApplicationFunction>): Promise<void>;
  load(appFn: DeprecatedApplicationFunction | ReadonlyArray<DeprecatedApplicationFunction>): Promise<void>;
  load(appFn: ReadonlyArray<AnyAppFunction>): Promise<void>;
  /** Listens; rejects with `PORT_IN_USE` when the port is taken. */
  start(): Promise<ListenInfo>;
  /** Stops accepting, lets running handlers finish within `graceMs` (default 10 s), closes sockets. */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Deliveries whose handlers are still running (also after a 202). */
  inFlight(): number;
  /** What was refused, abandoned or caught so far; cheap, for health checks and metrics. */
  stats(): ServerStats;
};

/**
 * The app's HTTP server: a Hono app served on Node by `@hono/node-server`,
 * except webhook deliveries, which take a fast path straight on Node's
 * request objects. Routes and status codes: see docs/server.md.
 *
 * @example
 * const server = createServer({ app, port: 3000 });
 * await server.load(({ app }) => app.on("issues.opened", handler));
 * const { url } = await server.start();
 */
export function createServer(options: CreateServerOptions): AppServer {
  const resolved = resolveServerOptions(options?.app, options ?? {}, "createServer");
  const { app } = options;
  const { webhookPath, log } = resolved;
  const port = checkPort(options.port ?? app.state.port ?? 3000);
  const host = options.host ?? app.state.host;
  const timeouts = socketTimeouts(options);
  const receiver = new WebhookReceiver(app, resolved);
  const router = createRouter({ receiver, webhookPath, log });
  const getRouter = (path?: string): Router => router.basePath(path ?? "/");
  const honoListener = getRequestListener(router.fetch);
  const listener = (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method === "POST" && getPathname(request.url ?? "/") === webhookPath) {
      return handleNodeWebhook(receiver, request, response, log, webhookPath);
    }
    return honoListener(request, response);
  };
  let server: Server | undefined;
  let listening: Promise<ListenInfo> | undefined;
  let unwatch: (() => void) | undefined;
  let unhandledRejections = 0;

  return {
    app,
    router,
    fetch: async (request) => router.fetch(request),
    getRouter,
    load: (appFn: AnyAppFunction | ReadonlyArray<AnyAppFunction>) =>
      app.load(Array.isArray(appFn) ? appFn : [appFn as AnyAppFunction], { getRouter }),
    start() {
      server ??= createHttpServer(timeouts, listener);
      listening ??= listen(server, port, host).then(
        (info) => {
          server!.on("error", (error) => log.error({ err: error }, `The HTTP server failed: ${error.message}`));
          unwatch ??= watchUnhandledRejections(log, () => unhandledRejections++);
          return info;
        },
        (error: unknown) => {
          server = listening = undefined;
          throw error;
        },
      );
      return listening;
    },
    async stop({ graceMs = DEFAULT_GRACE_MS } = {}) {
      const current = server;
      const started = listening;
      server = listening = undefined;
      if (!current || !started) return;
      await started.catch(() => undefined);
      try {
        await stopServer(current, receiver.inFlight, graceMs, log);
      } finally {
        unwatch?.();
        unwatch = undefined;
      }
    },
    inFlight: () => receiver.inFlight.count,
    stats: () => ({
      inFlight: receiver.inFlight.count,
      refusedDeliveries: receiver.limit.refused,
      abandonedHandlers: app.webhooks.router.abandonedHandlers,
      unhandledRejections,
    }),
  };
}

/**
 * Node's own deadlines for slow senders, well under its defaults (60 s for
 * headers, 300 s for the request). Node checks them every
 * `connectionsCheckingInterval` (30 s by default, far too coarse for a 10 s
 * deadline), so that follows the shorter deadline.
 */
function socketTimeouts(options: CreateServerOptions) {
  const headersTimeout = positiveMs("headersTimeoutMs", options.headersTimeoutMs, DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeout = positiveMs("requestTimeoutMs", options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  if (headersTimeout > requestTimeout || !Number.isFinite(requestTimeout)) {
    throw new AppError(
      "OPTION_INVALID",
      `headersTimeoutMs (${headersTimeout}) must be finite and at most requestTimeoutMs (${requestTimeout}).`,
      { hint: "The request deadline covers the headers too: e.g. headersTimeoutMs: 10000, requestTimeoutMs: 30000." },
    );
  }
  const connectionsCheckingInterval = Math.min(1000, Math.max(10, Math.floor(headersTimeout / 4)));
  return { headersTimeout, requestTimeout, connectionsCheckingInterval };
}
