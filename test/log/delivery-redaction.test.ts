import { expect } from "chai";
import { createApp } from "../../src/create-app.js";
import { getLog } from "../../src/log/get-log.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { FastClient, issuesOpenedPayload } from "../helpers/test-app.js";

describe("a whole delivery logged at debug", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  it("writes no private key, JWT, token or webhook secret, however they are logged", async () => {
    const logs = createLogCapture();
    const secret = "whsec-Zq8m3XbV71pLw";
    const privateKey = getTestKeys().privateKeyPkcs8;
    const app = createApp({
      env: { APP_ID: "1", PRIVATE_KEY: privateKey.replace(/\n/g, "\\n"), WEBHOOK_SECRET: secret },
      overrides: {
        baseUrl: platform.url,
        Client: FastClient,
        log: getLog({ level: "trace", logFormat: "json", destination: logs.stream }),
      },
    });
    app.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
      const { token } = (await context.client.auth()) as { token: string };
      const jwt = await app.state.tokens!.getJwt();
      context.log.debug({ state: app.state, headers: { authorization: `token ${token}` } }, `token ${token}`);
      context.log.info({ jwt, nested: { deeper: { value: `bearer ${jwt}` } } }, `the secret is ${secret}`);
      context.log.warn(new Error(`failed with ${token} and ${privateKey}`));
      await context.client
        .request("GET /nothing-here")
        .catch((error: unknown) => context.log.error({ err: error }, "request failed"));
      throw new Error(`handler failed holding ${token}`);
    });
    const error = await app
      .receive({ id: "d-1", name: "issues", payload: issuesOpenedPayload(1) })
      .catch((e: unknown) => e);
    app.log.error({ err: error }, "delivery failed");

    const text = logs.text();
    const jwts = platform.calls
      .map((call) => String(call.headers.authorization ?? ""))
      .filter((header) => header.startsWith("bearer "))
      .map((header) => header.slice("bearer ".length));
    expect(platform.comments()).to.have.length(1);
    expect(jwts).to.have.length.above(0);
    expect(logs.lines().length).to.be.above(5);
    for (const value of [secret, ...platform.issuedTokens(), ...jwts]) expect(text).not.to.include(value);
    for (const line of privateKey.split("\n").filter((line) => line.length > 20 && !line.startsWith("-----"))) {
      expect(text).not.to.include(line);
    }
    expect(text).not.to.match(/BEGIN (RSA )?PRIVATE KEY/);
  });
});
