import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import { App } from "../app.js";
import type { Router } from "../app-function-argument.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubbedLog } from "../log/scrubbed-log.js";
import { VERSION } from "../version.js";
import { createServer, serverInternals, type AppServer } from "./create-server.js";

/** Probot's `ServerOptions`: the server's settings, and the App class it makes its app from. */
export type ProbotServerOptions = {
  /** The class of the app: `App.defaults({ appId, privateKey, secret })`, Probot's `Probot.defaults(...)`. */
  Probot: typeof App;
  port?: number | undefined;
  host?: string | undefined;
  webhookPath?: string | undefined;
  webhookProxy?: string | undefined;
  /** The server's logger (its request and start lines); the app logs with its own (`App.defaults({ log })`). */
  log?: Logger | undefined;
  /** Probot's Express settings (`cwd` for its static files, pino-http's `loggingOptions`): not used here. */
  cwd?: string | undefined;
  loggingOptions?: unknown;
  request?: unknown;
};

/**
 * Probot 11 to 14's `Server`, over `createServer`: `new Server({ Probot: App.defaults({ appId, privateKey,
 * secret }) })`, `await server.load(appFn)`, `await server.start()` (the Node HTTP server, as Probot
 * gives it), `server.stop()`. `expressApp` is the server as a Node request listener `(req, res)`, for
 * hosts that take one (`http.createServer(server.expressApp)`, a serverless function's handler); it is
 * not Express: `expressApp.use(...)` and the other Express methods are not there. `router(path)` is
 * `getRouter(path)`. Prefer `createServer({ app })` in new code.
 *
 * @example
 * const server = new Server({ Probot: App.defaults({ appId, privateKey, secret }) });
 * await server.load(appFn);
 * await server.start();
 */
export class Server {
  static version = VERSION;
  readonly version = VERSION;
  /** The app the server serves, made from `options.Probot`. */
  readonly probotApp: App;
  readonly log: Logger;
  /** The server as a Node request listener: deliveries, `/ping` and the app's routes. */
  readonly expressApp: (request: IncomingMessage, response: ServerResponse) => void;
  readonly #server: AppServer;

  constructor(options: ProbotServerOptions) {
    const AppClass = (options as Partial<ProbotServerOptions> | undefined)?.Probot;
    if (typeof AppClass !== "function") {
      throw new AppError("OPTION_INVALID", "new Server(options) needs options.Probot, the class of the app to serve.", {
        hint: "Give it App.defaults({ appId, privateKey, secret }) (Probot's Probot.defaults), or use createServer({ app }).",
      });
    }
    this.probotApp = new AppClass();
    this.log = options.log ? scrubbedLog(options.log) : this.probotApp.log;
    this.#server = createServer({
      app: this.probotApp,
      port: options.port,
      host: options.host,
      ...(options.webhookPath === undefined ? {} : { webhookPath: options.webhookPath }),
      ...(options.webhookProxy === undefined ? {} : { webhookProxy: options.webhookProxy }),
      ...(options.log ? { log: this.log } : {}),
    });
    const { listener } = serverInternals(this.#server);
    this.expressApp = (request, response) => void listener(request, response);
  }

  /** Loads one or several app functions, of either shape; an earlier-shape function gets `getRouter` too. */
  load(appFn: ApplicationFunction | DeprecatedApplicationFunction | ReadonlyArray<ApplicationFunction>): Promise<void> {
    return this.#server.load(appFn as ApplicationFunction);
  }

  /** Listens (port 3000 unless given), and gives the Node HTTP server. */
  async start(): Promise<HttpServer> {
    await this.#server.start();
    return serverInternals(this.#server).httpServer()!;
  }

  stop(): Promise<void> {
    return this.#server.stop();
  }

  /** A router mounted at `path` (default `/`): `getRouter(path)`. */
  router(path = "/"): Router {
    return this.#server.getRouter(path);
  }
}
