import { join } from "node:path";
import type { Context as HonoContext } from "hono";
import type { ApplicationFunction } from "../application-function.js";
import type { RenderedPage } from "../views/render-page.js";
import { guardSetupRequest } from "./check-setup-request.js";
import { createOverwriteConfirmation } from "./confirm-overwrite.js";
import { createManifest } from "./create-manifest.js";
import { getNewAppUrl } from "./get-new-app-url.js";
import { finishManifestFlow } from "./finish-manifest-flow.js";
import { importApp } from "./import-app.js";
import { readAppManifest, type AppManifest } from "./read-app-manifest.js";
import { describeExisting, readExistingCredentials } from "./read-existing-credentials.js";
import { createStateTokens, type StateTokens } from "./state-tokens.js";
import { renderImportPageHtml } from "./views/render-import-page.js";
import { renderSetupPageHtml } from "./views/render-setup-page.js";
import { renderSuccessPageHtml } from "./views/render-success-page.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";

export type SetupAppOptions = {
  /** The app's folder: app.yml, package.json, and the .env written. */
  cwd: string;
  /** Read for `PROJECT_DOMAIN` and `GH_ORG`. */
  env: NodeJS.ProcessEnv;
  /** The platform's API base URL (GitHub Enterprise Server); unset for github.com. */
  baseUrl?: string | undefined;
  webhookPath: string;
  /** The smee channel that relays webhooks, when set. */
  webhookProxy?: string | undefined;
  /** Default: `<cwd>/.env`. */
  envPath?: string | undefined;
  /** Default: read from `cwd` when the app loads. */
  manifest?: AppManifest | undefined;
  tokens?: StateTokens | undefined;
};

export type SetupResult = { name?: string | undefined; htmlUrl?: string | undefined };

const LOCAL_HOSTS = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/;

/** Every form and callback carries a one-time `state` token; anything else gets 403. */
export function createSetupApp(options: SetupAppOptions): ApplicationFunction {
  return ({ app, getRouter }) => {
    const base = options.manifest ?? readAppManifest({ cwd: options.cwd });
    const envPath = options.envPath ?? join(options.cwd, ".env");
    const tokens = options.tokens ?? createStateTokens();
    let result: SetupResult | undefined;
    const common = { log: app.log, envPath, tokens, baseUrl: options.baseUrl, webhookProxy: options.webhookProxy };
    const confirmation = createOverwriteConfirmation(common);
    const flow = { ...common, hold: confirmation.hold };
    const router = getRouter();
    // Before the routes: a page served to a foreign Host or a form posted from
    // another origin never reaches them (DNS rebinding, cross-site posts).
    const guard = guardSetupRequest(options.env, app.log);
    for (const path of ["/", "/app/setup", "/app/setup/*", "/app/import", "/app/success"]) router.use(path, guard);

    router.get("/", (c) => c.redirect("/app/setup", 302));
    router.get("/app/setup", async (c) => {
      const code = c.req.query("code");
      if (code !== undefined) {
        const finished = await finishManifestFlow({ ...flow, code, state: c.req.query("state") });
        if ("page" in finished) return send(c, finished.page, finished.status);
        result = finished.app;
        return c.redirect("/app/success", 302);
      }
      const domain = ENV_BINDINGS.projectDomain.read(options.env)?.replace(/\/+$/, "") || new URL(c.req.url).origin;
      const webhookUrl = options.webhookProxy ?? domain + options.webhookPath;
      const manifest = createManifest(base, { domain, webhookUrl, redirectUrl: `${domain}/app/setup` });
      const state = tokens.issue("manifest");
      const newAppUrl = getNewAppUrl({
        baseUrl: options.baseUrl,
        org: ENV_BINDINGS.githubOrg.read(options.env),
        state,
      });
      const unreachable = LOCAL_HOSTS.test(new URL(manifest.hook_attributes?.url ?? webhookUrl).hostname);
      return send(c, renderSetupPageHtml({ manifest, newAppUrl, envPath, unreachable }));
    });
    router.get("/app/import", async (c) => {
      const existing = await readExistingCredentials(envPath);
      const held = existing.names.length > 0 ? describeExisting(existing, envPath) : undefined;
      return send(c, renderImportPageHtml({ state: tokens.issue("import"), envPath, existing: held }));
    });
    router.post("/app/setup/confirm", async (c) => {
      const confirmed = await confirmation.confirm(c.req.raw);
      if ("page" in confirmed) return send(c, confirmed.page, confirmed.status);
      result = confirmed.app;
      return c.redirect("/app/success", 302);
    });
    router.post("/app/import", async (c) => {
      const imported = await importApp({ ...flow, request: c.req.raw });
      if ("page" in imported) return send(c, imported.page, imported.status);
      result = imported.app;
      return c.redirect("/app/success", 302);
    });
    // Only a registration or import of this server saved anything; before that, say so.
    router.get("/app/success", (c) =>
      send(c, renderSuccessPageHtml({ envPath, app: result, saved: result !== undefined })),
    );
  };
}

function send(
  c: HonoContext,
  { html, headers }: RenderedPage,
  status: 200 | 400 | 403 | 413 | 500 | 502 = 200,
): Response {
  return c.html(html, status, headers);
}
