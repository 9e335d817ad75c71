import type { ApplicationFunction, ApplicationFunctionOptions } from "../application-function.js";
import { renderDefaultPage } from "../views/render-default-page.js";
import { getPublicDomain } from "./get-public-domain.js";
import { readPackageInfo } from "./read-package-info.js";
import { processEnv } from "../options/process-env.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";

export type CreateDefaultAppOptions = {
  /** The app's folder: its package.json names the app on the page. */
  cwd: string;
  /** Read for `PROJECT_DOMAIN` and `PORT`. */
  env: NodeJS.ProcessEnv;
  /** The server has no credentials yet: the page says so and links to the setup. */
  setupMode?: boolean | undefined;
};

const DEFAULT_WEBHOOK_PATH = "/api/github/webhooks";

/**
 * An application function serving the welcome page at `GET /app`, for the
 * app in `cwd`. The page is built once (on load, or on the first request
 * when the server picks its port): package.json is not read per request.
 *
 * @example
 * await app.load(createDefaultApp({ cwd: "/srv/my-app", env: { PROJECT_DOMAIN: "https://x.example" } }), { getRouter });
 */
export function createDefaultApp({ cwd, env, setupMode = false }: CreateDefaultAppOptions): ApplicationFunction {
  return ({ app, getRouter }: ApplicationFunctionOptions) => {
    const info = readPackageInfo(cwd, (message) => app.log.warn(message));
    const render = (port: number | undefined) => {
      const domain = getPublicDomain({ env, port });
      return renderDefaultPage({
        ...info,
        domain,
        webhookUrl: domain + (app.state.webhooks.path ?? DEFAULT_WEBHOOK_PATH),
        setupMode,
      });
    };
    // Port 0 means "any free port", not an address anyone can visit: then the
    // page is built on the first request, with the port the server got.
    const configured = app.state.port ?? ENV_BINDINGS.port.read(env);
    let page = configured === 0 ? undefined : render(configured);
    getRouter().get("/app", (c) => {
      page ??= render(Number(new URL(c.req.url).port) || undefined);
      return c.html(page.html, 200, page.headers);
    });
  };
}

/**
 * The default app: the welcome page at `GET /app` with the name, version and
 * description of the working folder's package.json and the public domain.
 * It reads the working folder and environment of the process when loaded.
 *
 * @example
 * await app.load([defaultApp, myApp], { getRouter });
 */
export const defaultApp: ApplicationFunction = (options) =>
  // The one application function that reads the process: it has no caller
  // that could pass cwd and env (see createDefaultApp for that).
  createDefaultApp({ cwd: process.cwd(), env: processEnv() })(options);

/** The application functions every server loads first: exactly `defaultApp`. */
export const defaultAppFns: readonly ApplicationFunction[] = Object.freeze([defaultApp]);
