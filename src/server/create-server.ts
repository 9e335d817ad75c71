import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { App } from "../app.js";
import { DEVELOPMENT_SECRET } from "../webhooks/development-secret.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { Router } from "../app-function-argument.js";
import { getPathname, isWebhookPath } from "./get-pathname.js";
import { handleNodeWebhook } from "./handle-node-webhook.js";
import type { InFlightDelivery } from "../delivery/in-flight.js";
import { guardConnections, resolveMaxConnections } from "./guard-connections.js";
import { checkPort, listen, type ListenInfo } from "./listen.js";
import { mountApp } from "./mount-app.js";
import { resolveSocketTimeouts, type WebhookOptions } from "./resolve-server-options.js";
import { DEFAULT_GRACE_MS } from "./server-defaults.js";
import { PendingAnswers, stopServer } from "./stop-server.js";
import type { WebhookProxy } from "../proxy/create-webhook-proxy.js";
import { watchUnhandledRejections } from "./watch-unhandled-rejections.js";
import { STOPPING_ANSWER } from "./webhook-answer.js";

export type { ListenInfo };

export type CreateServerOptions = WebhookOptions & {
  app: App;
  /** Default: the app's `port`, else 3000; 0 picks a free port. */
  port?: number | undefined;
  /**
   * Default: the app's `host`; else 127.0.0.1 when the app has the
   * development secret (anyone can forge its deliveries) or in setup mode,
   * as `run()` does; else all interfaces.
   */
  host?: string | undefined;
  /** A client that has not sent its request headers by then gets a 408. Default: 10000. */
  headersTimeoutMs?: number | undefined;
  /** A client that has not sent its whole request (headers and body) by then gets a 408. Default: 30000. */
  requestTimeoutMs?: number | undefined;
  /** Connections open at once; beyond it new ones are closed at once. Default: 1000. */
  maxConnections?: number | undefined;
  /** Setup mode (no credentials yet): every delivery is answered 503 "not configured", with one warning. */
  setupMode?: boolean | undefined;
  /** Queue mode: verified deliveries are stored here (202 `{"queued": id}`) for workers to run. */
  deliveryQueue?: DeliveryPort | undefined;
  /**
   * A smee.io channel to relay deliveries from: `start()` connects it to the
   * webhook path once listening, `stop()` closes it. Default: the app's
   * (`WEBHOOK_PROXY_URL`), except in setup mode; false relays nothing
   * (`run()` relays it itself).
   */
  webhookProxy?: string | false | undefined;
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

export type StopOptions = {
  graceMs?: number;
  /**
   * At the deadline, gives a delivery still running back to whoever can run it
   * again (queue mode); resolves true when it did. Otherwise the delivery is
   * logged as one to redeliver.
   */
  handOver?: (delivery: InFlightDelivery) => Promise<boolean>;
};

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
  /**
   * Stops accepting (every request from now on gets 503 and `Connection: close`),
   * lets running handlers finish within `graceMs` (default 10 s), then aborts and
   * logs, one line each, the deliveries still running, and closes sockets.
   * Called again, it returns the same promise, until `start()` is called again.
   */
  stop(options?: StopOptions): Promise<void>;
  /** Deliveries whose handlers are still running (also after a 202). */
  inFlight(): number;
  /** What was refused, abandoned or caught so far; cheap, for health checks and metrics. */
  stats(): ServerStats;
};

/** What Probot's `Server` facade (probot-server.ts) reads of a server: its Node listener and HTTP server. */
export type ServerInternals = {
  listener: (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;
  httpServer: () => Server | undefined;
};
const internals = new WeakMap<AppServer, ServerInternals>();

/** The Node parts of a server `createServer` made. */
export function serverInternals(server: AppServer): ServerInternals {
  return internals.get(server)!;
}

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
  const mounted = mountApp(options?.app, {
    ...options,
    caller: "createServer",
    routes: "server",
    setupMode: options?.setupMode === true,
    nodeHandlers: true,
  });
  const { app, receiver, router, getRouter, handlers } = mounted;
  const { webhookPath, log } = mounted.resolved;
  const port = checkPort(options.port ?? app.state.port ?? 3000);
  const setupMode = options.setupMode === true;
  const host = options.host ?? localOnly(app, setupMode, log);
  const webhookProxy =
    options.webhookProxy === false
      ? undefined
      : (options.webhookProxy ?? (setupMode ? undefined : app.state.webhookProxy));
  const timeouts = resolveSocketTimeouts(options);
  const maxConnections = resolveMaxConnections(options.maxConnections);
  const honoListener = getRequestListener(router.fetch);
  let stopping = false;
  // Connections on which a request came during the drain: the answer before
  // it must not close the connection, or that request's 503 is never sent.
  const pipelined = new WeakSet<object>();
  // Answers not yet sent, per connection: pipelined requests queue theirs behind the first.
  const answers = new PendingAnswers();
  const closeAfter = (request: IncomingMessage): boolean =>
    stopping && !pipelined.has(request.socket) && answers.pendingOn(request.socket) <= 1;
  const listener = (request: IncomingMessage, response: ServerResponse): Promise<void> | void => {
    answers.track(request.socket, response);
    if (stopping) {
      // A keep-alive connection still open during the drain: take nothing new on it.
      pipelined.add(request.socket);
      request.resume();
      response.writeHead(STOPPING_ANSWER.status, STOPPING_ANSWER.headers).end(STOPPING_ANSWER.body);
      return;
    }
    if (request.method === "POST" && isWebhookPath(getPathname(request.url ?? "/"), webhookPath)) {
      return handleNodeWebhook(receiver, request, response, log, webhookPath, closeAfter);
    }
    // Probot 14's addHandler handlers: after the webhook path and /ping, before the app's routes and 404s.
    if (handlers.size > 0 && getPathname(request.url ?? "/") !== "/ping") {
      return handlers.run(request, response).then((taken) => (taken ? undefined : honoListener(request, response)));
    }
    return honoListener(request, response);
  };
  let server: Server | undefined;
  let listening: Promise<ListenInfo> | undefined;
  let proxy: Promise<WebhookProxy> | undefined;
  let unwatch: (() => void) | undefined;
  let unhandledRejections = 0;
  let stopped: Promise<void> | undefined;

  const appServer: AppServer = {
    app,
    router,
    fetch: async (request) => router.fetch(request),
    getRouter,
    load: (appFn: AnyAppFunction | ReadonlyArray<AnyAppFunction>) =>
      mounted.load(Array.isArray(appFn) ? appFn : [appFn as AnyAppFunction]),
    start() {
      if (!server) {
        // A new run: the next stop() stops this one.
        stopped = undefined;
        stopping = false;
      }
      if (!server) {
        server = createHttpServer(timeouts, listener);
        guardConnections(server, { idleMs: timeouts.headersTimeout, maxConnections, log });
      }
      listening ??= listen(server, port, host).then(
        (info) => {
          server!.on("error", (error) => log.error({ err: error }, `The HTTP server failed: ${error.message}`));
          unwatch ??= watchUnhandledRejections(log, () => unhandledRejections++);
          // Loaded only when asked for: most servers relay nothing.
          if (webhookProxy) {
            const target = {
              port: info.port,
              path: webhookPath,
              host: info.host === "::" || info.host === "0.0.0.0" ? "127.0.0.1" : info.host,
            };
            proxy ??= import("../proxy/create-webhook-proxy.js").then(({ createWebhookProxy }) =>
              createWebhookProxy({ url: webhookProxy, ...target, log }),
            );
            return proxy.then(() => info);
          }
          return info;
        },
        (error: unknown) => {
          server = listening = undefined;
          throw error;
        },
      );
      return listening;
    },
    stop({ graceMs = DEFAULT_GRACE_MS, handOver }: StopOptions = {}) {
      return (stopped ??= (async () => {
        const current = server;
        const started = listening;
        const relay = proxy;
        server = listening = proxy = undefined;
        await relay?.then(
          (open) => open.close(),
          () => undefined,
        );
        if (!current || !started) return;
        await started.catch(() => undefined);
        stopping = true;
        try {
          await stopServer(current, receiver.inFlight, { graceMs, log, handOver, answering: () => answers.total > 0 });
        } finally {
          unwatch?.();
          unwatch = undefined;
        }
      })());
    },
    inFlight: () => receiver.inFlight.count,
    stats: () => ({
      inFlight: receiver.inFlight.count,
      refusedDeliveries: receiver.limit.refused,
      abandonedHandlers: app.webhooks.router.abandonedHandlers,
      unhandledRejections,
    }),
  };
  internals.set(appServer, { listener, httpServer: () => server });
  return appServer;
}

/** The app's host; unset, 127.0.0.1 when deliveries can be forged (development secret) or in setup mode. */
function localOnly(app: App, setupMode: boolean, log: { warn(message: string): void }): string | undefined {
  if (app.state.host !== undefined) return app.state.host;
  if (!setupMode && app.state.webhooks.secret !== DEVELOPMENT_SECRET) return undefined;
  log.warn("Listening on 127.0.0.1 only; set HOST (or --host) to listen on other interfaces.");
  return "127.0.0.1";
}
