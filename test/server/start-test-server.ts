import type { App } from "../../src/app.js";
import { createServer, type AppServer, type CreateServerOptions } from "../../src/server/create-server.js";
import type { ApplicationFunction, AppOptions } from "../../src/types/index.js";
import type { LogCapture } from "../helpers/capture-log.js";
import type { FakePlatform } from "../helpers/fake-platform.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, TEST_SECRET } from "../helpers/test-app.js";

export const WEBHOOK_PATH = "/api/github/webhooks";

export type DeliverOptions = {
  id?: string;
  secret?: string;
  /** Replace or (with `undefined`) remove headers. */
  headers?: Record<string, string | undefined>;
  path?: string;
};

export type TestServer = {
  app: App;
  server: AppServer;
  logs: LogCapture;
  url: string;
  /** POSTs `body` (an object is JSON-encoded) signed like the platform does. */
  deliver(event: string, body: unknown, options?: DeliverOptions): Promise<Response>;
  close(): Promise<void>;
};

/** A real server on 127.0.0.1:0 with a test app loaded. */
export async function startTestServer(
  appFn?: ApplicationFunction,
  options: Partial<CreateServerOptions> & { platform?: FakePlatform; appOptions?: AppOptions } = {},
): Promise<TestServer> {
  const { platform, appOptions, ...serverOptions } = options;
  const { app, logs } = createTestApp(platform, appOptions);
  const server = createServer({ app, port: 0, host: "127.0.0.1", ...serverOptions });
  if (appFn) await server.load(appFn);
  const { url } = await server.start();
  return {
    app,
    server,
    logs,
    url,
    deliver: (event, body, deliverOptions) => deliver(url, event, body, deliverOptions),
    close: () => server.stop({ graceMs: 1000 }),
  };
}

/** POSTs a signed delivery to `url` + the webhook path. */
export function deliver(url: string, event: string, body: unknown, options: DeliverOptions = {}): Promise<Response> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string | undefined> = {
    "content-type": "application/json",
    "x-github-event": event,
    "x-github-delivery": options.id ?? "delivery-1",
    "x-hub-signature-256": sign(options.secret ?? TEST_SECRET, text),
    ...options.headers,
  };
  const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
  return fetch(url + (options.path ?? WEBHOOK_PATH), { method: "POST", headers: sent, body: text });
}
