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
