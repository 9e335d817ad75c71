import { expect } from "chai";
import { randomBytes } from "node:crypto";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { AppClient } from "../../src/client/app-client.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
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
  let caught: Error | undefined;

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
          try {
            await context.client.request("GET /repos/{owner}/{repo}/echo", context.repo());
          } catch (error) {
            caught = error as Error;
            throw error;
          }
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

  it("keeps it out of the message and the stack of the error the client rejects with", () => {
    expect(caught).to.be.an("error");
    expectNoFragments([caught!.message, caught!.stack!], { token, encoded: encodeURIComponent(token) });
    expect(caught!.message).to.match(/^Refused \[REDACTED\]/);
  });
});

describe("hardening: secrets of an app with more installations than the scrubbed list holds", () => {
  const installations = Array.from({ length: 120 }, (_, i) => i + 1);
  // Opaque tokens: no pattern catches them, each one is registered.
  const tokens = installations.map(() => random(40));
  let platform: FakePlatform;
  let test: TestServer;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, installations, personalTokens: tokens });
    platform.on(
      "POST",
      "/app/installations/:installation_id/access_tokens",
      ({ params }) => ({
        status: 201,
        body: {
          token: tokens[Number(params["installation_id"]) - 1],
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        },
      }),
      { auth: "app" },
    );
    test = await startTestServer(
      ({ app }) => {
        app.on("issues.opened", async (context) => {
          const token = await app.state.tokens!.getInstallationToken(context.payload.installation!.id);
          if (context.payload.issue.title === "fail") throw new Error(`secret ${TEST_SECRET}, token ${token}`);
        });
      },
      { platform },
    );
  });
  after(async () => {
    await test.close();
    await platform.close();
  });

  it("keeps the webhook secret and the token in use out of the 500 and the log after 120 tokens", async () => {
    expect((await test.deliver("issues", issuesOpenedPayload(1), { id: "first" })).status).to.equal(200);
    for (const id of installations.slice(1)) await test.app.state.tokens!.getInstallationToken(id);
    expect(platform.tokenExchanges()).to.have.length(installations.length);
    const payload = { ...issuesOpenedPayload(1), issue: { number: 7, title: "fail" } };
    const response = await test.deliver("issues", payload, { id: "failing" });
    expect(response.status).to.equal(500);
    const answer = await response.text();
    expectNoFragments([answer, test.logs.text()], { secret: TEST_SECRET, token: tokens[0]! });
    expect(answer).to.include("[REDACTED]");
  });
});

describe("hardening: a token exchange the platform refuses naming the JWT", () => {
  let platform: FakePlatform;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  after(() => platform.close());

  for (const status of [401, 403, 404, 422, 500]) {
    it(`keeps the JWT out of the error the app gets, and out of its causes (${status})`, async () => {
      platform.on(
        "POST",
        "/app/installations/:installation_id/access_tokens",
        ({ headers }) => {
          const jwt = String(headers.authorization).split(" ")[1]!;
          return { status, body: { message: `Refused ${jwt}`, documentation_url: `https://docs.example/?jwt=${jwt}` } };
        },
        { auth: "public" },
      );
      const { app } = createTestApp(platform, { Client: AppClient.defaults({ retry: { enabled: false } }) });
      const client = await app.auth(1);
      const error = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).then(
        () => expect.fail("the request went through"),
        (rejected: unknown) => rejected as Error,
      );
      const jwts = platform
        .tokenExchanges()
        .map((call) => String(call.headers.authorization).split(" ")[1]!)
        .filter((jwt) => jwt.startsWith("eyJ"));
      expect(jwts).not.to.have.length(0);
      const texts: string[] = [];
      for (let each: unknown = error; each instanceof Error; each = each.cause) texts.push(each.message, each.stack!);
      expect(texts.length).to.be.at.least(4);
      // Each JWT's signature: its header is the same for every JWT of the app.
      expectNoFragments(texts, Object.fromEntries(jwts.map((jwt, i) => [`jwt ${i}`, jwt.split(".")[2]!])));
    });
  }
});

describe("hardening: GraphQL errors that name the token", () => {
  it("keeps it out of the message and the stack of the GraphqlResponseError the app gets", async () => {
    const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, tokenFormat: "stateless" });
    try {
      platform.on(
        "POST",
        "/graphql",
        ({ headers }) => {
          const credential = String(headers.authorization).split(" ")[1]!;
          const errors = [{ type: "FORBIDDEN", message: `Resource not accessible by ${credential}`, path: ["viewer"] }];
          return { status: 200, body: { data: null, errors } };
        },
        { auth: "public" },
      );
      const { app } = createTestApp(platform);
      const client = await app.auth(1);
      const error = await client.graphql("query { viewer { login } }").then(
        () => expect.fail("the query went through"),
        (rejected: unknown) => rejected as Error,
      );
      expect(error.name).to.equal("GraphqlResponseError");
      const [token] = platform.issuedTokens();
      expectNoFragments([error.message, error.stack!], { signature: token!.split(".")[2]! });
      expect(error.message).to.include("Resource not accessible by [REDACTED]");
    } finally {
      await platform.close();
    }
  });
});

describe("hardening: an installation token the app makes itself with the client", () => {
  const token = `${random(20)}.${random(20)}`;
  let platform: FakePlatform;
  let test: TestServer;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    let exchanges = 0;
    // The framework's own exchange gets a GitHub token; the app's exchange gets an opaque one.
    platform.on(
      "POST",
      "/app/installations/:installation_id/access_tokens",
      () => ({
        status: 201,
        body: {
          token: exchanges++ === 0 ? token : `ghs_${random(36)}`,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        },
      }),
      { auth: "app" },
    );
    test = await startTestServer(
      ({ app }) => {
        app.on("issues.opened", async (context) => {
          const client = await app.auth();
          const { data } = await client.apps.createInstallationAccessToken({ installation_id: 1 });
          context.log.info({ clone: `https://x-access-token:${data.token}@github.com/octo/hello.git` }, "cloning");
          throw new Error(`git clone failed with ${data.token}`);
        });
      },
      { platform },
    );
  });
  after(async () => {
    await test.close();
    await platform.close();
  });

  it("keeps it out of the 500 and the log", async () => {
    const response = await test.deliver("issues", issuesOpenedPayload(), { id: "own-token" });
    expect(response.status).to.equal(500);
    const answer = await response.text();
    expect(platform.tokenExchanges()).to.have.length(1);
    expectNoFragments([answer, test.logs.text()], { token });
    expect(answer).to.include("[REDACTED]");
  });
});

describe("hardening: an opaque token with quotes and backslashes, in JSON inside a log line", () => {
  const token = `${random(15)}"${random(15)}\\${random(12)}`;
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
    platform.on(
      "GET",
      "/repos/:owner/:repo/echo",
      ({ headers }) => ({
        status: 403,
        headers: {
          "www-authenticate": `Bearer error="invalid_token", token="${String(headers.authorization).slice(6)}"`,
        },
        body: { message: "Refused" },
      }),
      { auth: "public" },
    );
    test = await startTestServer(
      ({ app }) => {
        app.on("issues.opened", async (context) => {
          try {
            await context.client.request("GET /repos/{owner}/{repo}/echo", context.repo());
          } catch (error) {
            // The answer as JSON text in the message: escaped once there, and again in the line.
            context.log.warn(`The platform refused: ${JSON.stringify((error as { response?: unknown }).response)}`);
          }
        });
      },
      { platform },
    );
  });
  after(async () => {
    await test.close();
    await platform.close();
  });

  it("keeps it out of the log", async () => {
    const response = await test.deliver("issues", issuesOpenedPayload(), { id: "quoted-token" });
    expect(response.status).to.equal(200);
    expect(test.logs.text()).to.include("The platform refused");
    expectNoFragments(test.logs.lines(), { token });
  });
});
