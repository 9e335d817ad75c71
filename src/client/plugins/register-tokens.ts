import type { Octokit } from "@octokit/core";
import { registerSecret } from "../../log/secrets.js";
import { VERSION } from "../../version.js";

/** The token exchange, as the method names it or as the path was written (older apps: without /app). */
const TOKEN_EXCHANGE = /(?:^|\/)installations\/[^/]+\/access_tokens$/;

/**
 * An installation token an app makes itself (`client.apps.createInstallationAccessToken()`, to
 * clone with it) is scrubbed as the framework's own: in any format, no pattern may catch it.
 */
export function registerTokens(octokit: Octokit): void {
  octokit.hook.after("request", (response, options) => {
    if (!TOKEN_EXCHANGE.test(String(options.url).split("?")[0]!)) return;
    const token = (response.data as { token?: unknown } | null | undefined)?.token;
    if (typeof token === "string") registerSecret(token, { token: true });
  });
}
registerTokens.VERSION = VERSION;
