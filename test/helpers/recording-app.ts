import { App, AppClient } from "../../src/index.js";
import type { FakePlatform } from "./fake-platform.js";

/**
 * An App on the fake platform (with a token it refuses: only the order of requests is looked at)
 * whose client records each request as it leaves, "METHOD /path", in `fetched`.
 */
export function recordingApp(
  platform: FakePlatform,
  clientOptions: { throttle?: { enabled: false } },
): { app: App; fetched: string[] } {
  const fetched: string[] = [];
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    fetched.push(`${init?.method ?? "GET"} ${new URL(String(url)).pathname}`);
    return globalThis.fetch(url, init);
  };
  const app = new App({
    platformToken: "a-token",
    baseUrl: platform.url,
    request: { fetch },
    Client: AppClient.defaults({ retry: { enabled: false }, ...clientOptions }),
    logLevel: "fatal",
  });
  return { app, fetched };
}

/**
 * An App on the fake platform with a token it accepts ("a-token": start the platform with
 * `personalTokens: ["a-token"]`), retries and throttling off, whose warnings are kept in `warnings`.
 */
export function warningApp(platform: FakePlatform): { app: App; warnings: string[] } {
  const warnings: string[] = [];
  const app = new App({
    platformToken: "a-token",
    baseUrl: platform.url,
    Client: AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),
    logLevel: "fatal",
  });
  app.log.warn = ((message: unknown) => void warnings.push(String(message))) as typeof app.log.warn;
  return { app, warnings };
}
