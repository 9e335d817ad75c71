import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { App } from "../app.js";
import { AppError } from "../errors.js";
import type { ApplicationFunction, DeprecatedApplicationFunction, Router } from "../types.js";
import { createRouter } from "./create-router.js";
import { getPathname } from "./get-pathname.js";
import { handleNodeWebhook } from "./handle-node-webhook.js";
import { resolveServerOptions, type WebhookOptions } from "./resolve-server-options.js";
import { DEFAULT_GRACE_MS } from "./server-defaults.js";
import { stopServer } from "./stop-server.js";
import { WebhookReceiver } from "./webhook-receiver.js";

export type CreateServerOptions = WebhookOptions & {
  app: App;
  /** Default: the app's `port`, else 3000; 0 picks a free port. */
  port?: number | undefined;
  /** Default: the app's `host`, else all interfaces. */
  host?: string | undefined;
};

export type ListenInfo = { port: number; host: string; url: string };
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

  return {
    app,
    router,
    fetch: async (request) => router.fetch(request),
    getRouter,
    load: (appFn: AnyAppFunction | ReadonlyArray<AnyAppFunction>) =>
      app.load(Array.isArray(appFn) ? appFn : [appFn as AnyAppFunction], { getRouter }),
    start() {
      server ??= createHttpServer(listener);
      listening ??= listen(server, port, host).then(
        (info) => {
          server!.on("error", (error) => log.error({ err: error }, `The HTTP server failed: ${error.message}`));
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
      await stopServer(current, receiver.inFlight, graceMs, log);
    },
    inFlight: () => receiver.inFlight.count,
  };
}

function listen(server: Server, port: number, host: string | undefined): Promise<ListenInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => reject(listenError(error, port, host));
    server.once("error", onError);
    server.listen(host === undefined ? { port } : { port, host }, () => {
      server.off("error", onError);
      const address = server.address() as AddressInfo;
      const shown = address.address === "::" || address.address === "0.0.0.0" ? "localhost" : address.address;
      const urlHost = shown.includes(":") ? `[${shown}]` : shown;
      resolve({ port: address.port, host: address.address, url: `http://${urlHost}:${address.port}` });
    });
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string | undefined): Error {
  switch (error.code) {
    case "EADDRINUSE":
      return new AppError("PORT_IN_USE", `Port ${port} is already in use.`, {
        hint: "Set PORT (or --port) to a free port.",
        cause: error,
      });
    case "EACCES":
      return new AppError("OPTION_INVALID", `Port ${port} needs privileges this process does not have.`, {
        hint: "Set PORT (or --port) to a port above 1023.",
        cause: error,
      });
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new AppError("OPTION_INVALID", `Cannot listen on HOST "${host}": no network interface has that address.`, {
        hint: "Set HOST (or --host) to an address of this machine, or leave it unset to listen on all interfaces.",
        cause: error,
      });
    default:
      return error;
  }
}

function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new AppError("OPTION_INVALID", `The port must be a whole number from 0 to 65535, got ${String(port)}.`, {
      hint: "Set PORT (or --port) to a free port such as 3000.",
    });
  }
  return port;
}
