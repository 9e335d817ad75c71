import { createHmac } from "node:crypto";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Size of the main payload: a typical `issues.opened` delivery with a long body. */
export const SMALL_PAYLOAD_BYTES = 12 * 1024;
/** Size of the large payload: an issue whose body is a pasted log. */
export const LARGE_PAYLOAD_BYTES = 1024 * 1024;

/**
 * A real `issues.opened` example from `@octokit/webhooks-examples`, with the
 * `installation` a GitHub App receives and an issue body padded so the JSON
 * is exactly `bytes` long.
 *
 * @example
 * const body = buildPayload(SMALL_PAYLOAD_BYTES); // a 12 KiB JSON string
 */
export function buildPayload(bytes) {
  const examples = require("@octokit/webhooks-examples/api.github.com/index.json");
  const issues = examples.find((example) => example.name === "issues");
  const opened = issues.examples.find((payload) => payload.action === "opened");
  const payload = structuredClone(opened);
  payload.installation = { id: 1, node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==" };
  payload.issue.body = "";
  const base = JSON.stringify(payload).length;
  if (base > bytes) throw new Error(`The example payload is already ${base} bytes, more than ${bytes}.`);
  payload.issue.body = issueBody(bytes - base);
  return JSON.stringify(payload);
}

/**
 * The `X-Hub-Signature-256` header for `body`, as the platform computes it.
 *
 * @example
 * const signature = signBody(secret, body); // "sha256=..."
 */
export function signBody(secret, body) {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

// Plain ASCII without characters JSON escapes, so length in JSON = length in bytes.
function issueBody(length) {
  const line = "Steps to reproduce: open the README, read the second paragraph, see the typo. ";
  return line.repeat(Math.ceil(length / line.length)).slice(0, length);
}
