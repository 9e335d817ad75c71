import { isAppError } from "../errors.js";
import { exchangeManifestCode } from "./exchange-manifest-code.js";
import type { FlowOptions, FlowOutcome } from "./flow-types.js";
import { renderMessagePageHtml } from "./views/render-message-page.js";
import { writeCredentials } from "./write-credentials.js";

const RESTART = { href: "/app/setup", text: "Start again" };

/** The code, key and secrets are neither logged nor shown. */
export async function finishManifestFlow(
  options: FlowOptions & { code: string; state: string | undefined },
): Promise<FlowOutcome> {
  const { code, state, tokens, log, baseUrl, envPath } = options;
  if (!tokens.consume(state, "manifest")) {
    log.warn("Refused a setup callback without a valid state: it did not come from this server's setup page.");
    return forbidden();
  }
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(code)) {
    return {
      status: 400,
      page: renderMessagePageHtml("Invalid code", "GitHub's code has an unexpected form.", RESTART),
    };
  }
  let created;
  try {
    created = await exchangeManifestCode({ code, baseUrl });
  } catch (error) {
    log.error({ err: error }, "The GitHub App was registered, but its credentials could not be fetched");
    const message = isAppError(error) ? error.message : "The credentials could not be fetched.";
    return { status: 502, page: renderMessagePageHtml("Setup failed", message, RESTART) };
  }
  const credentials = {
    appId: created.id,
    privateKey: created.pem,
    webhookSecret: created.webhook_secret,
    clientId: created.client_id,
    clientSecret: created.client_secret,
    webhookProxyUrl: options.webhookProxy,
  };
  const app = { name: created.name ?? created.slug, htmlUrl: created.html_url };
  const held = await options.hold?.(credentials, app);
  if (held !== undefined) return held;
  try {
    const names = await writeCredentials(envPath, credentials);
    log.info(
      `Registered the GitHub App "${created.name ?? created.slug ?? created.id}" (id ${created.id}) and saved ` +
        `${names.join(", ")} to ${envPath}. Restart the server to run the app.`,
    );
  } catch (error) {
    log.error({ err: error }, `The new app's credentials could not be saved to ${envPath}`);
    const message =
      `The app "${created.name ?? created.id}" was registered, but its credentials could not be saved to ${envPath}. ` +
      "Make the folder writable, then generate a new private key in the app's settings and use Import.";
    return {
      status: 500,
      page: renderMessagePageHtml("Setup failed", message, { href: "/app/import", text: "Import the app" }),
    };
  }
  return { app };
}

export function forbidden(retry = RESTART): FlowOutcome {
  return {
    status: 403,
    page: renderMessagePageHtml(
      "This request was refused",
      "It did not come from this server's setup page, or the page has expired. Open the page again and retry.",
      retry,
    ),
  };
}
