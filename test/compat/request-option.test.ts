import { expect } from "chai";
import { App, type Context } from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

/**
 * Probot 13 and 14's `request` option: request options for every client the app makes, and for
 * its token exchanges. Apps give their own `fetch` there (a proxy's, or node-fetch so that nock 13
 * sees the requests, as Google's bots' tests do through createProbot's overrides).
 */
describe("Probot 13: the request option", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  it("gives the app's fetch to the app's clients, its events' clients and its token exchanges", async () => {
    const fetched: string[] = [];
    const fetch = (url: string | URL | Request, init?: RequestInit) => {
      fetched.push(`${init?.method ?? "GET"} ${new URL(String(url)).pathname}`);
      return globalThis.fetch(url, init);
    };
    const app = new App({
      appId: 1,
      privateKey: getTestKeys().privateKeyPkcs1,
      baseUrl: platform.url,
      request: { fetch },
      logLevel: "fatal",
    });
    await (await app.auth()).apps.getAuthenticated();
    app.on("issues", async (context: Context<"issues">) => {
      await context.client.repos.get({ owner: "octo", repo: "hello" });
    });
    await app.receive({
      id: "d-1",
      name: "issues",
      payload: { action: "opened", installation: { id: 1 }, repository: { name: "hello", owner: { login: "octo" } } },
    });
    expect(fetched).to.deep.equal(["GET /app", "POST /app/installations/1/access_tokens", "GET /repos/octo/hello"]);
  });

  it("gives it to the token exchanges of every registration, each on its own platform", async () => {
    const second = await startFakePlatform({ publicKey: getTestKeys().publicKey, appId: 2 });
    try {
      const fetched: string[] = [];
      const fetch = (url: string | URL | Request, init?: RequestInit) => {
        fetched.push(`${init?.method ?? "GET"} ${new URL(String(url)).host} ${new URL(String(url)).pathname}`);
        return globalThis.fetch(url, init);
      };
      const privateKey = getTestKeys().privateKeyPkcs1;
      const app = new App({
        request: { fetch },
        logLevel: "fatal",
        registrations: [
          { appId: 1, name: "first", secret: "first-secret", privateKey, baseUrl: platform.url },
          { appId: 2, name: "second", secret: "second-secret", privateKey, baseUrl: second.url },
        ],
      });
      for (const registration of app.registrations.list)
        await (await registration.auth(1)).repos.get({ owner: "o", repo: "r" });
      const [first, other] = [new URL(platform.url).host, new URL(second.url).host];
      expect(fetched).to.deep.equal([
        `POST ${first} /app/installations/1/access_tokens`,
        `GET ${first} /repos/o/r`,
        `POST ${other} /app/installations/1/access_tokens`,
        `GET ${other} /repos/o/r`,
      ]);
    } finally {
      await second.close();
    }
  });
});
