import { expect } from "chai";
import http from "node:http";
import pino from "pino";
import { App, AppClient, auth, getAuthenticatedClient, type State } from "../../src/index.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";

/** What the cases use of nock: the API nock 13 and nock 14 share. */
export type NockLike = {
  (basePath: string, options?: object): any;
  disableNetConnect(): void;
  enableNetConnect(matcher?: string | RegExp): void;
  cleanAll(): void;
  pendingMocks(): string[];
  activeMocks(): string[];
  isDone(): boolean;
  activate(): void;
  restore(): void;
  isActive(): boolean;
};

export const API = "https://api.github.com";

/** A repository event's payload, as apps' fixtures hold them. */
export function issuesOpened(installationId = 2) {
  return {
    action: "opened",
    issue: { number: 1, title: "Bug" },
    repository: { name: "testing-things", owner: { login: "hiimbex" } },
    installation: { id: installationId },
    sender: { login: "hiimbex", type: "User" },
  };
}

/** The client apps' tests pass: no retries, no throttling. */
export const TestClient = AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } });

/** `new App(...)` the way Probot apps' tests make `new Probot(...)`, with a captured pino log. */
export function probotStyleApp(options: Record<string, unknown> = {}): { app: App; logs: LogCapture } {
  const logs = createLogCapture();
  const app = new App({
    appId: 123,
    privateKey: getTestKeys().privateKeyPkcs1,
    Client: TestClient,
    log: pino({}, logs.stream as never),
    ...options,
  });
  return { app, logs };
}

/** The JWT claims of an `Authorization: bearer <jwt>` header. */
export function jwtClaims(authorization: string): { iat: number; exp: number; iss: unknown } {
  const jwt = authorization.replace(/^bearer /i, "");
  return JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));
}

/**
 * The cases of issue 13's items, written as Probot apps test themselves,
 * run with the given nock (13 or 14). Each starts with
 * `nock.disableNetConnect()` and ends with every mock used.
 */
export function probotStyleCases(label: string, nock: NockLike): void {
  describe(`Probot-style tests with ${label}`, () => {
    before(() => {
      if (!nock.isActive()) nock.activate();
    });
    after(() => {
      nock.cleanAll();
      nock.enableNetConnect();
      nock.restore();
      // The rest of the suite runs on the real node:http and fetch again. Read from the module object: a named
      // import is the value when node:http was first imported as an ES module, nock's own class if nock came first.
      expect(http.ClientRequest.name).to.equal("ClientRequest");
    });
    beforeEach(() => nock.disableNetConnect());
    afterEach(() => {
      nock.cleanAll();
      nock.enableNetConnect();
    });
    /** A case that passes only if it used every mock it set. */
    const it = (title: string, test: () => Promise<void>) =>
      globalThis.it(title, async () => {
        await test();
        expect(nock.pendingMocks(), "mocks not used").to.deep.equal([]);
      });

    it("1: load(fn) without await registers the handlers before receive runs", async () => {
      const { app } = probotStyleApp({ platformToken: "test" });
      let ran = 0;
      void app.load((probot: App) => {
        probot.on("issues.opened", async () => {
          ran++;
        });
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      expect(ran).to.equal(1);
    });

    it("1: the current shape is called at once too", async () => {
      const { app } = probotStyleApp({ platformToken: "test" });
      let ran = 0;
      void app.load(({ app: inner }: { app: App }) => inner.on("issues", async () => void ran++));
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      expect(ran).to.equal(1);
    });

    it("13: an app function written as (app, { getRouter }) gets Probot's second argument ({ cwd } outside a server)", async () => {
      const { app } = probotStyleApp({ platformToken: "test" });
      let given: unknown;
      await app.load(((_probot: App, options: { getRouter?: unknown; cwd?: string }) => {
        given = [typeof options.getRouter, options.cwd];
      }) as never);
      expect(given).to.deep.equal(["undefined", process.cwd()]);
      await app.load(
        ((_probot: App, options: { getRouter?: unknown; cwd?: string }) => {
          given = [typeof options.getRouter, options.cwd];
        }) as never,
        { getRouter: () => ({}) as never },
      );
      expect(given).to.deep.equal(["function", process.cwd()]);
    });

    it("2: context.config(file, defaults) with no file resolves to the defaults; null without defaults", async () => {
      nock(API).get("/repos/hiimbex/testing-things/contents/.github%2Fbot.yml").reply(404);
      nock(API).get("/repos/hiimbex/.github/contents/.github%2Fbot.yml").reply(404);
      nock(API).get("/repos/hiimbex/testing-things/contents/.github%2Fbot.yml").reply(404);
      nock(API).get("/repos/hiimbex/.github/contents/.github%2Fbot.yml").reply(404);
      const { app } = probotStyleApp({ platformToken: "test" });
      const seen: unknown[] = [];
      app.on("issues.opened", async (context) => {
        seen.push(await context.config("bot.yml", { greeting: "hi", labels: ["a"] }));
        seen.push(await context.config("bot.yml"));
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      expect(seen).to.deep.equal([{ greeting: "hi", labels: ["a"] }, null]);
    });

    it("3: a placeholder key is not refused when a platform token is given, and events use the token", async () => {
      const { app } = probotStyleApp({ appId: 1, privateKey: "test", platformToken: "test" });
      nock(API, { reqheaders: { authorization: "token test" } })
        .post("/repos/hiimbex/testing-things/issues/1/comments", { body: "Thanks!" })
        .reply(201, { id: 1 });
      app.on("issues.opened", async (context) => {
        await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    });

    it("3: without a token, a bad key is refused when first needed, with the clear error", async () => {
      const { app } = probotStyleApp({ appId: 1, privateKey: "test" });
      app.on("issues.opened", async (context) => {
        await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
      });
      const error = await app.receive({ id: "1", name: "issues", payload: issuesOpened() }).then(
        () => undefined,
        (failure: AggregateError) => failure.errors[0],
      );
      expect(error).to.include({ code: "PRIVATE_KEY_INVALID" });
      expect((error as Error).message).to.equal("The privateKey option is not a PEM private key.");
    });

    it("4: a token answer without expires_at is accepted and reused", async () => {
      nock(API).post("/app/installations/2/access_tokens").reply(200, { token: "test" });
      nock(API, { reqheaders: { authorization: "token test" } })
        .post("/repos/hiimbex/testing-things/issues/1/comments")
        .times(2)
        .reply(201, { id: 1 });
      const { app } = probotStyleApp();
      app.on("issues.opened", async (context) => {
        await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      await app.receive({ id: "2", name: "issues", payload: issuesOpened() });
    });

    it("5: client requests, paginate and graphql are intercepted; unmocked requests are refused", async () => {
      nock(API).post("/app/installations/2/access_tokens").reply(200, { token: "test" });
      nock(API)
        .get("/repos/hiimbex/testing-things/issues")
        .query(true)
        .reply(200, [{ number: 1 }], { link: `<${API}/repositories/1/issues?page=2>; rel="next"` });
      nock(API)
        .get("/repositories/1/issues")
        .query({ page: 2 })
        .reply(200, [{ number: 2 }]);
      nock(API)
        .post("/graphql")
        .reply(200, { data: { viewer: { login: "bot" } } });
      const { app } = probotStyleApp();
      const seen: unknown[] = [];
      app.on("issues.opened", async (context) => {
        seen.push(
          (await context.client.paginate(context.client.issues.listForRepo, context.repo())).map(
            (issue) => issue.number,
          ),
        );
        seen.push(await context.client.graphql("{ viewer { login } }"));
        expect(nock.activeMocks()).to.deep.equal([]);
        await context.client.issues.get(context.issue()).then(
          () => seen.push("not refused"),
          (error: Error) =>
            seen.push(
              /Nock: (Disallowed net connect|No match)/.test(error.message) ||
                /Nock/.test(String((error as { cause?: unknown }).cause))
                ? "refused"
                : error.message,
            ),
        );
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      expect(seen).to.deep.equal([[1, 2], { viewer: { login: "bot" } }, "refused"]);
    });

    it("5: config files are asked for raw, and a raw YAML answer is parsed", async () => {
      nock(API, { reqheaders: { accept: "application/vnd.github.v3.raw" } })
        .get("/repos/hiimbex/testing-things/contents/.github%2Fbot.yml")
        .reply(200, "greeting: hello\nlabels:\n  - bug\n");
      const { app } = probotStyleApp({ platformToken: "test" });
      let config: unknown;
      app.on("issues.opened", async (context) => {
        config = await context.config("bot.yml");
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      expect(config).to.deep.equal({ greeting: "hello", labels: ["bug"] });
    });

    it("5: the base64 JSON form of a config file is still accepted, through config.get", async () => {
      const content = Buffer.from("greeting: hello\n").toString("base64");
      nock(API)
        .get("/repos/hiimbex/testing-things/contents/.github%2Fbot.yml")
        .reply(200, { type: "file", encoding: "base64", content });
      const client = new TestClient({ auth: "test" });
      const { config } = await client.config.get({ owner: "hiimbex", repo: "testing-things", path: ".github/bot.yml" });
      expect(config).to.deep.equal({ greeting: "hello" });
    });

    it("6: new AppClient({ auth: { appId, privateKey } }) authenticates as the app, and with installationId for it", async () => {
      nock(API)
        .get("/app")
        .matchHeader("authorization", (value: string) => String(jwtClaims(value).iss) === "123")
        .reply(200, { id: 123, slug: "bot" });
      nock(API).post("/app/installations/2/access_tokens").reply(200, { token: "installation-token" });
      nock(API, { reqheaders: { authorization: "token installation-token" } })
        .get("/repos/hiimbex/testing-things")
        .reply(200, { id: 1 });
      const privateKey = getTestKeys().privateKeyPkcs1;
      const appClient = new TestClient({ baseUrl: API, auth: { appId: 123, privateKey } });
      expect((await appClient.request("GET /app")).data).to.deep.equal({ id: 123, slug: "bot" });
      const installationClient = new TestClient({ auth: { appId: 123, privateKey, installationId: 2 } });
      expect((await installationClient.repos.get({ owner: "hiimbex", repo: "testing-things" })).data).to.deep.equal({
        id: 1,
      });
    });

    it("6: auth(state, id) and getAuthenticatedClient(state, id) work on a State holding such a client", async () => {
      nock(API).post("/app/installations/2/access_tokens").reply(200, { token: "installation-token" });
      nock(API, { reqheaders: { authorization: "token installation-token" } })
        .get("/repos/hiimbex/testing-things")
        .times(2)
        .reply(200, { id: 1 });
      const privateKey = getTestKeys().privateKeyPkcs1;
      const client = new TestClient({ auth: { appId: 123, privateKey } });
      const state = { Client: TestClient, client, log: pino({ level: "silent" }), webhooks: {} } as unknown as State;
      for (const authenticated of [await auth(state, 2), await getAuthenticatedClient(state, 2)]) {
        expect((await authenticated.repos.get({ owner: "hiimbex", repo: "testing-things" })).data).to.deep.equal({
          id: 1,
        });
      }
      expect(await auth(state)).to.equal(client);
    });

    it("8: after a clock-skew answer, the corrected JWT's iat and exp are integers", async () => {
      const behind = new Date(Date.now() - 90_500).toUTCString();
      const claims: Array<{ iat: number; exp: number }> = [];
      nock(API).post("/app/installations/2/access_tokens").reply(
        401,
        {
          message: "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued",
        },
        { date: behind },
      );
      nock(API)
        .post("/app/installations/2/access_tokens")
        .matchHeader("authorization", (value: string) => {
          claims.push(jwtClaims(value));
          return true;
        })
        .reply(200, { token: "test" });
      nock(API).post("/repos/hiimbex/testing-things/issues/1/comments").reply(201, {});
      const { app } = probotStyleApp();
      app.on("issues.opened", async (context) => {
        await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      expect(claims).to.have.length.greaterThan(0);
      for (const { iat, exp } of claims) {
        expect(Number.isInteger(iat), `iat ${iat}`).to.equal(true);
        expect(Number.isInteger(exp), `exp ${exp}`).to.equal(true);
      }
    });

    it("10: receive({ name: 'repository.created' }) runs the repository.created and repository handlers", async () => {
      const { app } = probotStyleApp({ platformToken: "test" });
      const ran: string[] = [];
      app.on("repository.created", async (context) => void ran.push(`repository.created:${context.name}`));
      app.on("repository", async (context) => void ran.push(`repository:${context.name}`));
      app.on("repository.deleted", async () => void ran.push("repository.deleted"));
      const payload = {
        action: "created",
        repository: { name: "new", owner: { login: "hiimbex" } },
        installation: { id: 2 },
      };
      await app.receive({ id: "1", name: "repository.created", payload });
      expect(ran.sort()).to.deep.equal(["repository.created:repository", "repository:repository"]);
    });

    it("12: log records as Probot's testing docs compare them: app.log and context.log (with the delivery id)", async () => {
      const { app, logs } = probotStyleApp({ platformToken: "test" });
      app.log.info("test");
      app.on("issues.opened", async (context) => {
        context.log.info("handling");
      });
      await app.receive({ id: "delivery-1", name: "issues", payload: issuesOpened() });
      const records = logs.records().filter((record) => record["msg"] === "test" || record["msg"] === "handling");
      expect(records).to.have.length(2);
      expect(records[0]).to.include({ level: 30, msg: "test" });
      expect(records[0]).to.have.keys(["level", "time", "pid", "hostname", "msg"]);
      expect(records[1]).to.include({ level: 30, msg: "handling", id: "delivery-1" });
    });

    it("11: _extends and defaults merge as Probot's deepmerge: lists concatenate unless deepMergeOptions say otherwise", async () => {
      for (let i = 0; i < 2; i++) {
        nock(API)
          .get("/repos/hiimbex/testing-things/contents/.github%2Fbot.yml")
          .reply(200, "_extends: base\nlabels: [repo]\n");
        nock(API).get("/repos/hiimbex/base/contents/.github%2Fbot.yml").reply(200, "labels: [base]\n");
      }
      const { app } = probotStyleApp({ platformToken: "test" });
      const seen: unknown[] = [];
      app.on("issues.opened", async (context) => {
        seen.push(await context.config("bot.yml", { labels: ["default"] }));
        seen.push(
          await context.config(
            "bot.yml",
            { labels: ["default"] },
            { arrayMerge: (_earlier: unknown[], later: unknown[]) => later },
          ),
        );
      });
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
      expect(seen).to.deep.equal([{ labels: ["default", "base", "repo"] }, { labels: ["repo"] }]);
    });
  });
}
