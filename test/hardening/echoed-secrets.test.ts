import { expect } from "chai";
import { randomBytes } from "node:crypto";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "../server/start-test-server.js";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const random = (length: number) =>
  Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");

/** Fails naming the secret when any `texts` holds a run of more than 8 of its characters. */
function expectNoFragments(texts: string[], secrets: Record<string, string>): void {
  for (const [name, value] of Object.entries(secrets)) {
    for (let i = 0; i + 9 <= value.length; i++) {
      const fragment = value.slice(i, i + 9);
      const leaked = texts.find((text) => text.includes(fragment));
      expect(leaked, `${name} leaked ${JSON.stringify(fragment)} into: ${leaked?.slice(0, 400)}`).to.equal(undefined);
    }
  }
}

describe("hardening: an opaque installation token the platform echoes back", () => {
  // Not a GitHub format: only its registration keeps it out. Slashes, pluses and equals signs
  // change when a URL or a form body encodes the token.
  const token = `${random(15)}.${random(12)}/${random(14)}+${random(12)}==`;
  let platform: FakePlatform;
  let test: TestServer;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: [token] });
    platform.on(
      "POST",
      "/app/installations/:installation_id/access_tokens",
      () => ({ status: 201, body: { token, expires_at: new Date(Date.now() + 3600_000).toISOString() } }),
      { auth: "app" },
    );
    // A platform (or a proxy in front of it) that names the credential it refused, as it was sent
    // and URL-encoded in a link.
    platform.on(
      "GET",
      "/repos/:owner/:repo/echo",
      ({ headers }) => {
        const credential = String(headers.authorization).split(" ")[1]!;
        return {
          status: 403,
          headers: { "www-authenticate": `Bearer error="invalid_token", token=${encodeURIComponent(credential)}` },
          body: {
            message: `Refused ${credential}`,
            documentation_url: `https://docs.example/auth?token=${encodeURIComponent(credential)}`,
          },
        };
      },
      { auth: "public" },
    );
    test = await startTestServer(
      ({ app }) => {
        app.on("issues.opened", async (context) => {
          await context.client.request("GET /repos/{owner}/{repo}/echo", context.repo());
        });
      },
      { platform },
    );
  });
  after(async () => {
    await test.close();
    await platform.close();
  });

  it("keeps it, URL-encoded too, out of the 500 and the log", async () => {
    const response = await test.deliver("issues", issuesOpenedPayload(), { id: "echoed-token" });
    expect(response.status).to.equal(500);
    const answer = await response.text();
    expect(platform.callsTo("GET", "/repos/:owner/:repo/echo")).to.have.length(1);
    expect(answer).to.include("[REDACTED]");
    expectNoFragments([answer, test.logs.text()], { token, encoded: encodeURIComponent(token) });
  });
});
