import { AppError } from "../errors.js";
import { redactChannelUrl } from "./redact-channel-url.js";

type ProxyAddress = { url: string; port: number; path: string; host?: string | undefined };

/** Errors name the setting, never the secret address. */
export function validateProxyOptions(options: ProxyAddress): { channel: string; target: URL } {
  return { channel: checkChannelUrl(options.url), target: targetUrl(options) };
}

function checkChannelUrl(url: string): string {
  const valid = typeof url === "string" && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  if (!valid) {
    throw new AppError(
      "OPTION_INVALID",
      "The webhook proxy URL (WEBHOOK_PROXY_URL, --webhook-proxy) is not an http(s) address.",
      {
        hint: "Use the address of a channel, e.g. https://smee.io/AbC123 (https://smee.io/new makes one).",
      },
    );
  }
  return redactChannelUrl(url);
}

function targetUrl({ port, path, host = "127.0.0.1" }: ProxyAddress): URL {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new AppError(
      "OPTION_INVALID",
      `The webhook proxy needs the server's port, a whole number from 1 to 65535, got ${String(port)}.`,
      {
        hint: "Pass the port the server listens on (PORT, --port).",
      },
    );
  }
  if (typeof path !== "string" || !path.startsWith("/")) {
    throw new AppError("OPTION_INVALID", `The webhook path must start with "/", got ${JSON.stringify(path)}.`, {
      hint: "Set WEBHOOK_PATH (or --webhook-path) to a path such as /api/github/webhooks.",
    });
  }
  return new URL(`http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`);
}
