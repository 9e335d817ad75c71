// "#express-bridge": runs a route handler written for Express on Node's request and response, for
// getRouter()'s routes on a Node server (see src/routes/express-routes.ts). Loaded with the first such request.
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { AppError } from "../errors.js";
import { appFolders } from "../helpers/app-folders.js";

type ExpressApp = ((request: IncomingMessage, response: ServerResponse, done: (error?: unknown) => void) => void) & {
  disable(setting: string): void;
  use(path: string, handler: unknown): void;
};
type ExpressRouter = { all(path: string | RegExp, handler: unknown): void; use(path: string, handler: unknown): void };
type ExpressFactory = (() => ExpressApp) & { Router(): ExpressRouter };

export type ExpressRun = {
  /** "route": `router.get(path, handler)`; "use": `router.use([path], handler)`, a prefix. */
  kind: "route" | "use";
  /** The path given to getRouter(): Express matches `path` beneath it, as Probot's router was mounted there. */
  base: string;
  /** The path given with the handler, as Express reads it (`/healthcheck(.html)?`, a RegExp). */
  path: string | RegExp;
  incoming: IncomingMessage;
  outgoing: ServerResponse;
};

/** One small Express app per handler and path, made on first use. */
const apps = new WeakMap<object, Map<string, ExpressApp>>();
let express: ExpressFactory | AppError | undefined;

/**
 * Runs `handler` through Express: "answered" once it wrote the response, "passed" when it called
 * `next()`; rejects with what it gave `next(error)` or threw.
 */
export function runExpressHandler(handler: object, run: ExpressRun): Promise<"answered" | "passed"> {
  const app = expressApp(handler, run);
  const { incoming, outgoing } = run;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outgoing.off("finish", answered);
      outgoing.off("close", answered);
      outcome();
    };
    const answered = () => settle(() => resolve("answered"));
    outgoing.once("finish", answered);
    outgoing.once("close", answered);
    try {
      app(incoming, outgoing, (error?: unknown) =>
        settle(() => (error === undefined || error === null ? resolve("passed") : reject(error))),
      );
    } catch (error) {
      settle(() => reject(error));
    }
  });
}

function expressApp(handler: object, { kind, base, path }: ExpressRun): ExpressApp {
  let byPath = apps.get(handler);
  if (byPath === undefined) apps.set(handler, (byPath = new Map()));
  const key = `${kind} ${base} ${String(path)}`;
  let app = byPath.get(key);
  if (app === undefined) {
    const factory = loadExpress();
    const router = factory.Router();
    if (kind === "use") router.use(path as string, handler);
    else router.all(path, handler);
    app = factory();
    app.disable("x-powered-by");
    app.use(base, router);
    byPath.set(key, app);
  }
  return app;
}

/**
 * The app's own `express`: from the working folder, else from the folders of the app files `app run` loaded (an
 * app in a workspace started from its root), else from beside the script Node started. Looked up once.
 */
function loadExpress(): ExpressFactory {
  express ??= findExpress();
  if (express instanceof AppError) throw express;
  return express;
}

function findExpress(): ExpressFactory | AppError {
  const bases = [process.cwd(), ...appFolders(), process.argv[1] ? dirname(process.argv[1]) : undefined];
  for (const base of bases) {
    if (!base) continue;
    try {
      return createRequire(join(base, "package.json"))("express") as ExpressFactory;
    } catch {
      // not installed there
    }
  }
  return new AppError(
    "ROUTE_HANDLER_EXPRESS",
    "A route of getRouter() is an Express handler, and express is not installed: Express's handlers run through the app's own express.",
    {
      hint:
        "Install it (npm install express) and start the app again, or write the route for Hono: " +
        'router.get("/hello-world", (c) => c.text("Hello World")).',
    },
  );
}

const listeners = new WeakMap<Hono, ReturnType<typeof getRequestListener>>();

/**
 * Serves `router` on Node's request and response, as an Express router mounted in an app's own
 * Express app (`expressApp.use(robot.router)`) is: it matches `request.url`, beneath the path it is
 * mounted at. What it does not answer goes to the router's not-found handler, which calls Express's `next`.
 */
export async function serveRouter(router: Hono, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  let listener = listeners.get(router);
  if (listener === undefined) listeners.set(router, (listener = getRequestListener(router.fetch)));
  await listener(incoming, outgoing);
}
