import type { Hono } from "hono";
import type { App } from "../app.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { Router } from "../app-function-argument.js";
import { createBaseRouter } from "../routes/create-base-router.js";
import { createRouter } from "./create-router.js";
import { acceptExpressHandlers } from "../routes/express-routes.js";
import { createNodeHandlers, type NodeHandlers } from "./node-handlers.js";
import { resolveServerOptions, type ResolvedWebhookOptions, type WebhookOptions } from "./resolve-server-options.js";
import { WebhookReceiver } from "./webhook-receiver.js";

type AnyAppFunction = ApplicationFunction | DeprecatedApplicationFunction;

export type MountAppOptions = WebhookOptions & {
  /** Who asked, for the error about a missing App: "createServer", … */
  caller: string;
  /**
   * "server": the webhook route, `/ping`, the `/` redirect and JSON 404s, for
   * a server of its own. "middleware": only the app functions' routes, for a
   * host server that answers everything else itself.
   */
  routes: "server" | "middleware";
  setupMode?: boolean | undefined;
  deliveryQueue?: DeliveryPort | undefined;
  /** A Node server: app functions get Probot 14's `addHandler`, whose handlers it serves. */
  nodeHandlers?: boolean | undefined;
};

export type MountedApp = {
  app: App;
  resolved: ResolvedWebhookOptions;
  receiver: WebhookReceiver;
  router: Hono;
  getRouter(path?: string): Router;
  /** What app functions added with `addHandler` (none unless `nodeHandlers`). */
  handlers: NodeHandlers;
  /** `app.load(appFns, { getRouter, addHandler })`. */
  load(appFns: ReadonlyArray<AnyAppFunction>): Promise<void>;
  /** Loads at once; resolves false (and logs why) when an app function failed. */
  loadLogged(appFns: ReadonlyArray<AnyAppFunction>): Promise<boolean>;
};

/** Shared by createServer, createWebHandler and createNodeMiddleware. */
export function mountApp(
  app: App,
  { caller, routes, setupMode = false, deliveryQueue, nodeHandlers, ...options }: MountAppOptions,
): MountedApp {
  const resolved = resolveServerOptions(app, options, caller);
  const { webhookPath, log } = resolved;
  const receiver = new WebhookReceiver(app, { ...resolved, setupMode, deliveryQueue });
  if (!setupMode) app.webhooks.warnIfDevelopmentSecret();
  const router = routes === "server" ? createRouter({ receiver, webhookPath, log }) : createBaseRouter(log);
  // The deprecated `router` option: its routes at the root, as getRouter()'s, after the server's own.
  if (app.state.router) router.route("/", app.state.router);
  // Handlers written for Express (Probot's routers) run through Express on a Node server.
  const getRouter = (path?: string): Router => acceptExpressHandlers(router.basePath(path ?? "/"), path ?? "/", log);
  const handlers = createNodeHandlers(log);
  const addHandler = nodeHandlers ? handlers.add : undefined;
  const load = (appFns: ReadonlyArray<AnyAppFunction>) =>
    app.load(appFns, addHandler ? { getRouter, addHandler } : { getRouter });
  return {
    app,
    resolved,
    receiver,
    router,
    getRouter,
    handlers,
    load,
    loadLogged: (appFns) =>
      load(appFns).then(
        () => true,
        (error: unknown) => {
          log.error({ err: error }, `The app function failed to load: ${(error as Error)?.message ?? String(error)}`);
          return false;
        },
      ),
  };
}
