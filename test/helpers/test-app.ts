import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import { App } from "../../src/app.js";
import { AppClient } from "../../src/client/app-client.js";
import { getLog } from "../../src/log/get-log.js";
import type { AppOptions } from "../../src/types/index.js";
import { createLogCapture, type LogCapture } from "./capture-log.js";
import type { FakePlatform } from "./fake-platform.js";
import { getTestKeys } from "./keys.js";

export const TEST_SECRET = "test-webhook-secret-1234";

/** A client whose retries and rate-limit waits take milliseconds, not seconds. */
export const FastClient = AppClient.defaults({
  retry: { retryAfterBaseValue: 1 },
  throttle: { retryAfterBaseValue: 10 } as ThrottlingOptions,
});

export type TestApp = { app: App; logs: LogCapture };

/** An App with real credentials for the fake platform, logging JSON at debug into memory. */
export function createTestApp(platform: FakePlatform | undefined, options: AppOptions = {}): TestApp {
  const logs = createLogCapture();
  const app = new App({
    appId: 1,
    privateKey: getTestKeys().privateKeyPkcs1,
    secret: TEST_SECRET,
    Client: FastClient,
    log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }),
    ...(platform ? { baseUrl: platform.url } : {}),
    ...options,
  });
  return { app, logs };
}

/** An `issues.opened` payload for installation `installationId` (none for null) on octo/hello#7. */
export function issuesOpenedPayload(installationId: number | null = 1): Record<string, unknown> {
  return {
    action: "opened",
    issue: { number: 7, title: "Bug", user: { login: "octocat" } },
    repository: { id: 1, name: "hello", full_name: "octo/hello", owner: { login: "octo" } },
    sender: { login: "octocat", type: "User" },
    ...(installationId === null ? {} : { installation: { id: installationId } }),
  };
}
