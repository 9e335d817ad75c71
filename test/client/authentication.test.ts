import { expect } from "chai";
import { LRUCache } from "lru-cache";
import { auth, getAuthenticatedClient } from "../../src/client/get-authenticated-client.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createTestApp, FastClient, issuesOpenedPayload } from "../helpers/test-app.js";
import { getLog } from "../../src/log/get-log.js";
import type { State } from "../../src/types/index.js";

describe("authentication against the platform", () => {
  let platform: FakePlatform;

  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, installations: [1, 2] });
  });
  afterEach(() => platform.close());

  it("acts as the app with an RS256 JWT when no installation id is given", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth();
    const { data } = await client.apps.getAuthenticated();
    expect(data).to.include({ slug: "test-app" });
    expect(platform.calls.at(-1)!.auth).to.deep.equal({ type: "app", appId: 1 });
  });

  it("takes the key as a Buffer, as Probot 9's template read it (fs.readFile without an encoding), for cert and privateKey", async () => {
    const key = Buffer.from(getTestKeys().privateKeyPkcs1);
    for (const options of [{ privateKey: key }, { privateKey: undefined, cert: key }]) {
      const { app } = createTestApp(platform, options as never);
      const client = await app.auth(2);
      await client.repos.get({ owner: "octo", repo: "hello" });
      expect(platform.calls.at(-1)!.auth).to.include({ type: "installation", installationId: 2 });
    }
    const client = new FastClient({
      baseUrl: platform.url,
      auth: { appId: 1, privateKey: key, installationId: 1 },
    } as never);
    await client.repos.get({ owner: "octo", repo: "hello" });
    expect(platform.calls.at(-1)!.auth).to.include({ type: "installation", installationId: 1 });
  });

  it("signs JWTs valid for at most 10 minutes, issued in the past for clock drift", async () => {
    const { app } = createTestApp(platform);
    const now = Math.floor(Date.now() / 1000);
    const jwt = await app.state.tokens!.getJwt();
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());
    expect(claims.iss).to.equal(1);
    expect(claims.iat).to.be.below(now);
    expect(claims.exp - claims.iat).to.be.at.most(600);
  });

  it("acts for an installation with a token from one exchange", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth(2);
    await client.repos.get({ owner: "octo", repo: "hello" });
    expect(platform.tokenExchanges().map((call) => call.path)).to.deep.equal(["/app/installations/2/access_tokens"]);
    expect(platform.calls.at(-1)!.auth).to.include({ type: "installation", installationId: 2 });
  });

  it("client.auth({ type }) answers what is asked, as Probot's clients do: the JWT, or an installation's token", async () => {
    const { app } = createTestApp(platform);
    const installation = await app.auth(2);
    const appClient = await app.auth();
    const issuer = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).iss;

    const asApp = (await installation.auth({ type: "app" })) as { type: string; token: string; appId: number };
    expect(asApp).to.include({ type: "app", appId: 1 });
    expect(issuer(asApp.token)).to.equal(1);
    // With when the JWT expires, as @octokit/auth-app answers it: its exp claim, an ISO date.
    expect(Object.keys(asApp)).to.deep.equal(["type", "token", "appId", "expiresAt"]);
    const exp = JSON.parse(Buffer.from(asApp.token.split(".")[1]!, "base64url").toString()).exp;
    expect((asApp as unknown as { expiresAt: string }).expiresAt).to.equal(new Date(exp * 1000).toISOString());
    const own = (await installation.auth({ type: "installation" })) as { token: string; installationId: number };
    expect(own.installationId).to.equal(2);
    expect(own.token).to.equal(((await installation.auth()) as { token: string }).token);

    const other = (await appClient.auth({ type: "installation", installationId: 1 })) as {
      type: string;
      token: string;
      installationId: number;
    };
    expect(other).to.include({ type: "installation", installationId: 1 });
    expect(other.token).to.not.equal(own.token);
    const appJwt = (await appClient.auth()) as { type: string; token: string };
    expect(appJwt.type).to.equal("app");
    expect(issuer(appJwt.token)).to.equal(1);
    expect(
      platform
        .tokenExchanges()
        .map((call) => call.path)
        .sort(),
    ).to.deep.equal(["/app/installations/1/access_tokens", "/app/installations/2/access_tokens"]);
  });

  it("an installation's auth() answer carries what Probot's does: tokenType, expiresAt, permissions, repositorySelection, createdAt", async () => {
    const { app } = createTestApp(platform);
    const before = Date.now();
    const installation = await app.auth(2);
    const answer = (await installation.auth({ type: "installation" })) as Record<string, unknown>;
    expect(Object.keys(answer)).to.deep.equal([
      "type",
      "tokenType",
      "token",
      "installationId",
      "permissions",
      "createdAt",
      "expiresAt",
      "repositorySelection",
    ]);
    expect(answer).to.include({ type: "installation", tokenType: "installation", installationId: 2 });
    expect(answer["repositorySelection"]).to.equal("all");
    expect(answer["permissions"]).to.be.an("object").that.is.not.empty;
    // The platform's expires_at as it sent it (whole seconds), an hour on.
    expect(answer["expiresAt"]).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(answer["expiresAt"] as string)).to.be.above(before + 50 * 60 * 1000);
    expect(Date.parse(answer["createdAt"] as string)).to.be.within(before - 1000, Date.now() + 1000);
    // The cached token answers the same; the app's client asked for the installation too.
    expect(await installation.auth()).to.deep.equal(answer);
    const appClient = await app.auth();
    expect(await appClient.auth({ type: "installation", installationId: 2 })).to.deep.equal(answer);
    expect(platform.tokenExchanges()).to.have.length(1);
  });

  it("the app's client refuses auth({ type: 'installation' }) without an installation id, as @octokit/auth-app does, rather than answer its JWT", async () => {
    const { app } = createTestApp(platform);
    const appClient = await app.auth();
    for (const request of [{ type: "installation" }, { type: "installation", installationId: "x" }]) {
      let error: (Error & { code?: string }) | undefined;
      await appClient.auth(request).catch((e: Error) => (error = e));
      expect(error?.message).to.match(/^installationId option is required for installation authentication\./);
      expect(error?.code).to.equal("OPTION_INVALID");
    }
    expect(platform.tokenExchanges()).to.have.length(0);
  });

  it("uses platformToken when the app has no key", async () => {
    await platform.close();
    platform = await startFakePlatform({
      publicKey: getTestKeys().publicKey,
      personalTokens: ["ghp_personal0123456789"],
    });
    const { app } = createTestApp(platform, {
      appId: undefined,
      privateKey: undefined,
      platformToken: "ghp_personal0123456789",
    });
    await (await app.auth()).repos.get({ owner: "octo", repo: "hello" });
    expect(platform.calls.at(-1)!.auth).to.deep.equal({ type: "token", token: "ghp_personal0123456789" });
    expect(platform.tokenExchanges()).to.have.length(0);
  });

  it("makes one token exchange for ten events of one installation", async () => {
    const { app } = createTestApp(platform);
    app.on("issues.opened", async (context) => {
      await context.client.repos.get(context.repo());
    });
    for (let i = 0; i < 10; i++) await app.receive({ id: `d-${i}`, name: "issues", payload: issuesOpenedPayload(1) });
    expect(platform.tokenExchanges()).to.have.length(1);
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(10);
  });

  it("shares one exchange between five concurrent first events", async () => {
    const { app } = createTestApp(platform);
    app.on("issues.opened", async (context) => {
      await context.client.repos.get(context.repo());
    });
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        app.receive({ id: `c-${i}`, name: "issues", payload: issuesOpenedPayload(1) }),
      ),
    );
    expect(platform.tokenExchanges()).to.have.length(1);
  });

  it("replaces a token a margin before the expires_at the platform returned", async () => {
    await platform.close();
    // Tokens live 304 s; with the default 300 s margin they may be reused for 4 s only
    // (1 s was too short for the first two requests on a loaded machine).
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, tokenTtlSeconds: 304 });
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    await client.repos.get({ owner: "octo", repo: "hello" });
    await client.repos.get({ owner: "octo", repo: "hello" });
    expect(platform.tokenExchanges()).to.have.length(1);
    await new Promise((resolve) => setTimeout(resolve, 4100));
    await client.repos.get({ owner: "octo", repo: "hello" });
    expect(platform.tokenExchanges()).to.have.length(2);
  });

  it("keeps installation tokens in the cache under the installation id", async () => {
    const cache = new LRUCache<number, string>({ max: 10 });
    const { app } = createTestApp(platform, { cache });
    await (await app.auth(2)).repos.get({ owner: "octo", repo: "hello" });
    expect(cache.get(2)).to.equal(platform.issuedTokens()[0]);
    expect(cache.getRemainingTTL(2)).to.be.within(54 * 60 * 1000, 55 * 60 * 1000);
  });

  it("mints once more and retries once when a cached token is revoked", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    await client.repos.get({ owner: "octo", repo: "hello" });
    platform.revokeToken(platform.issuedTokens()[0]!);
    await Promise.all([1, 2, 3].map(() => client.repos.get({ owner: "octo", repo: "hello" })));
    expect(platform.tokenExchanges()).to.have.length(2);
    expect(platform.calls.at(-1)!.auth).to.include({ token: platform.issuedTokens()[1] });
  });

  it("talks to GitHub Enterprise Server under baseUrl", async () => {
    await platform.close();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, pathPrefix: "/api/v3" });
    const { app } = createTestApp(platform);
    await (await app.auth(1)).repos.get({ owner: "octo", repo: "hello" });
    expect(platform.calls.map((call) => call.rawPath)).to.deep.equal([
      "/api/v3/app/installations/1/access_tokens",
      "/api/v3/repos/octo/hello",
    ]);
  });

  it("corrects the JWT once from the platform's Date header when the clocks disagree", async () => {
    await platform.close();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, clockSkewSeconds: -3600 });
    const { app, logs } = createTestApp(platform);
    await (await app.auth(1)).repos.get({ owner: "octo", repo: "hello" });
    await (await app.auth()).apps.getAuthenticated();
    expect(platform.calls.filter((call) => call.auth.type === "invalid")).to.have.length(1);
    const warnings = logs.records().filter((record) => /clock/.test(String(record.msg)));
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]!.msg)).to.match(/36\d\ds behind/);
  });

  it("auth() and getAuthenticatedClient() work on the State of an App", async () => {
    const { app } = createTestApp(platform);
    const asApp = await getAuthenticatedClient(app.state);
    const asInstallation = await auth(app.state, 1);
    await asApp.apps.getAuthenticated();
    await asInstallation.repos.get({ owner: "octo", repo: "hello" });
    expect(platform.calls.map((call) => call.auth.type)).to.deep.equal(["app", "app", "installation"]);
  });

  it("auth() and getAuthenticatedClient() work on a State built by hand, reusing its tokens", async () => {
    const cache = new LRUCache<number, string>({ max: 10 });
    const state: State = {
      Client: FastClient,
      appId: 1,
      privateKey: getTestKeys().privateKeyPkcs1,
      baseUrl: platform.url,
      cache,
      log: getLog({ level: "fatal" }),
      client: new FastClient({ baseUrl: platform.url }),
      webhooks: {},
      throttleOptions: {} as State["throttleOptions"],
    };
    await (await getAuthenticatedClient(state)).apps.getAuthenticated();
    await (await auth(state, 2)).repos.get({ owner: "octo", repo: "hello" });
    await (await auth(state, 2)).repos.get({ owner: "octo", repo: "hello" });
    expect(platform.calls.map((call) => call.auth.type)).to.deep.equal(["app", "app", "installation", "installation"]);
    expect(platform.tokenExchanges()).to.have.length(1);
    expect(cache.has(2)).to.equal(true);
  });
});
