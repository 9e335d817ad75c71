import { fileURLToPath } from "node:url";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

export const RECORDER = fileURLToPath(new URL("../fixtures/apps/record-delivery.js", import.meta.url));

/** The environment of queue-mode processes in tests: short locks and back-offs, so recovery takes seconds. */
export function queueEnv(redisUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    APP_ID: "1",
    PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
    WEBHOOK_SECRET: TEST_SECRET,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    REDIS_URL: redisUrl,
    RECORD_REDIS_URL: redisUrl,
    DELIVERY_QUEUE: "redis",
    DELIVERY_LOCK_MS: "2000",
    DELIVERY_BACKOFF_MS: "200",
    ...extra,
  };
}

/** POSTs one signed issues.opened delivery; resolves to the status and the JSON (or text) answer. */
export async function deliver(
  url: string,
  id: string,
  secret = TEST_SECRET,
): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(issuesOpenedPayload(1));
  const response = await fetch(`${url}/api/github/webhooks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": id,
      "x-hub-signature-256": sign(secret, body),
      traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a text answer
  }
  return { status: response.status, body: parsed };
}

/** Resolves once `condition()` resolves true, checking every 100 ms; rejects after `timeoutMs` (default 15 s). */
export async function eventually(condition: () => Promise<boolean>, { timeoutMs = 15_000 } = {}): Promise<void> {
  for (const start = Date.now(); !(await condition().catch(() => false));) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
