import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startOtlpReceiver, type OtlpReceiver } from "../helpers/otlp-receiver.js";
import { sign } from "../helpers/sign.js";
import { spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

// Reads a repository's settings twice: the platform answers once 200, once 403.
const APP = `export default ({ app }) => {
  app.on("issues.opened", async (context) => {
    await context.client.request("GET /repos/{owner}/{repo}/echo/{status}", { ...context.repo(), status: 200 });
    await context.client.request("GET /repos/{owner}/{repo}/echo/{status}", { ...context.repo(), status: 403 });
  });
};
`;

describe("OpenTelemetry: response headers that echo the token", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  let receiver: OtlpReceiver;
  let child: SpawnedApp;
  let cwd: string;

  before(async () => {
    cwd = mkdtempSync(join(tmpdir(), "app-otel-echo-"));
    writeFileSync(join(cwd, "app.js"), APP);
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, tokenFormat: "stateless" });
    // A platform (or a proxy) that names the credential it was sent in the headers spans read.
    platform.on(
      "GET",
      "/repos/:owner/:repo/echo/:status",
      ({ headers, params }) => {
        const credential = String(headers.authorization).split(" ")[1]!;
        return {
          status: Number(params["status"]),
          headers: {
            "x-github-request-id": credential,
            "x-ratelimit-remaining": "10",
            "x-ratelimit-resource": credential,
          },
          body: { message: "Refused" },
        };
      },
      { auth: "public" },
    );
    receiver = await startOtlpReceiver();
    child = await spawnApp({
      args: ["./app.js", "--base-url", platform.url],
      env: {
        APP_ID: "1",
        PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
        WEBHOOK_SECRET: TEST_SECRET,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_FORMAT: "json",
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_BSP_SCHEDULE_DELAY: "50",
        OTEL_METRIC_EXPORT_INTERVAL: "200",
      },
      cwd,
      readyPattern: /listening on (http:\/\/[\d.:]+)/,
    });
  });
  after(async () => {
    child?.kill("SIGTERM");
    await child?.exit;
    await receiver?.close();
    await platform?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it("keeps it out of the spans' attributes and the metrics' attributes", async () => {
    const body = JSON.stringify(issuesOpenedPayload());
    const response = await fetch(`${child.url}/api/github/webhooks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": "echoed-headers",
        "x-hub-signature-256": sign(TEST_SECRET, body),
      },
      body,
    });
    expect(response.status).to.equal(500);
    const spans = await receiver.waitForSpans(
      (all) => all.filter((span) => span.name === "GET /repos/{owner}/{repo}/echo/{status}").length === 2,
    );
    const metric = await receiver.waitForMetric("github_app.rate_limit.remaining", (each) =>
      each.points.some((point) => point.attributes["github.rate_limit.resource"] !== "core"),
    );
    const text = JSON.stringify([spans, metric], (_key, value: unknown) =>
      typeof value === "bigint" ? String(value) : value,
    );
    const [token] = platform.issuedTokens();
    // The token's signature: a JWT's header is the same in every token.
    expect(text).not.to.include(token!.split(".").at(-1)!.slice(0, 20));
    expect(text).to.include("[REDACTED]");
  });
});
