import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { App } from "../create-app.js";
import { AppClient } from "../client/app-client.js";
import { getLog, type LogLevel } from "../log/get-log.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { FakePlatform } from "./start-fake-platform.js";

export type CreateTestAppOptions = {
  appFn: ApplicationFunction | DeprecatedApplicationFunction;
  /** The platform the app's clients talk to; its app id and key are the app's. */
  platform: Pick<FakePlatform, "url" | "appId" | "privateKey">;
  /** Default "warn". */
  logLevel?: LogLevel | undefined;
};

export type TestApp = {
  app: App;
  /** Runs the handlers for one event, as a delivery would; rejects when one fails. */
  receive(name: string, payload: unknown): Promise<void>;
};

// Requests fail at once in tests: no retries, no spacing between writes.
const TestClient = AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } });

/**
 * Loads an app function into an `App` whose credentials are the fake
 * platform's, ready to receive events without a server or a network.
 *
 * @example
 * const { receive } = await createTestApp({ appFn: myApp, platform });
 * await receive("issues", payload);
 */
export async function createTestApp({ appFn, platform, logLevel = "warn" }: CreateTestAppOptions): Promise<TestApp> {
  const app = new App({
    appId: platform.appId,
    privateKey: platform.privateKey,
    baseUrl: platform.url,
    secret: randomUUID(),
    Client: TestClient,
    log: getLog({ level: logLevel }),
  });
  await app.load(appFn as ApplicationFunction, {
    getRouter: (path) => (path ? new Hono().basePath(path) : new Hono()),
  });
  return {
    app,
    receive: (name, payload) => app.receive({ id: randomUUID(), name: name.split(".")[0]!, payload }),
  };
}
