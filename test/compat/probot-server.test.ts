import { expect } from "chai";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { App, Server, isAppError, type ApplicationFunction, type Router } from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getLog } from "../../src/log/get-log.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";
import { FastClient, TEST_SECRET, issuesOpenedPayload } from "../helpers/test-app.js";
import { deliver } from "../server/start-test-server.js";

/**
 * Probot 11 to 14's `Server`, as Probot's docs ("Run Probot programmatically") and apps write it:
 * `new Server({ Probot: Probot.defaults({ appId, privateKey, secret }) })`, `await server.load(app)`,
 * `server.start()`; its tests read the port from what `start()` gives (godaddy/pullie), and
 * serverless entries hand `server.expressApp` to a Node host (`functions.https.onRequest(...)`).
 * After `app migrate`, `Probot` is `App`.
 */
describe("compat: Probot's Server", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  const defaults = () => ({
    appId: 1,
    privateKey: getTestKeys().privateKeyPkcs1,
    secret: TEST_SECRET,
    baseUrl: platform.url,
    Client: FastClient,
    log: getLog({ level: "warn", logFormat: "json", destination: createLogCapture().stream }),
  });
  // The earlier shape, as apps of Probot 11 to 13 write it: routes through getRouter (written for Hono here).
  const appFn = (app: App, { getRouter }: { getRouter?: (path?: string) => Router }) => {
    app.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
    });
    getRouter?.("/docs").get("/healthcheck", (c) => c.text("ok"));
  };

  it("serves the app made from the Probot class it is given, and start() gives the HTTP server", async () => {
    const server = new Server({ Probot: App.defaults(defaults()), port: 0, host: "127.0.0.1" });
    await server.load(appFn as never);
    const httpServer: HttpServer = await server.start();
    try {
      const { port } = httpServer.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/ping`)).status).to.equal(200);
      expect(await (await fetch(`${url}/docs/healthcheck`)).text()).to.equal("ok");
      expect((await deliver(url, "issues", issuesOpenedPayload(), { secret: TEST_SECRET })).status).to.equal(200);
      const comments = platform.callsTo("POST", "/repos/:owner/:repo/issues/:issue_number/comments");
      expect(comments).to.have.length(1);
      expect(comments[0]!.auth).to.include({ type: "installation" });
      expect(server.probotApp).to.be.instanceOf(App);
      expect(server.version).to.be.a("string");
    } finally {
      await server.stop();
    }
    expect(httpServer.listening).to.equal(false);
  });

  it("hands out expressApp, a Node request listener that serves deliveries and routes, and router(path)", async () => {
    const server = new Server({ Probot: App.defaults(defaults()) });
    await server.load(appFn as never);
    server.router("/extra").get("/hello", (c) => c.text("hello"));
    const host = createHttpServer(server.expressApp);
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      expect(await (await fetch(`${url}/extra/hello`)).text()).to.equal("hello");
      const answer = await deliver(url, "issues", issuesOpenedPayload(), { secret: TEST_SECRET });
      expect(answer.status).to.equal(200);
      expect(platform.callsTo("POST", "/repos/:owner/:repo/issues/:issue_number/comments")).to.have.length(1);
      const forged = await deliver(url, "issues", issuesOpenedPayload(), { secret: "not-the-secret" });
      expect(forged.status).to.equal(400);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it("takes an app function of today's shape too", async () => {
    const server = new Server({ Probot: App.defaults(defaults()), port: 0, host: "127.0.0.1" });
    const ran: string[] = [];
    const today: ApplicationFunction = ({ app }) => void app.on("issues", (context) => void ran.push(context.id));
    await server.load(today);
    const httpServer = await server.start();
    try {
      const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
      await deliver(url, "issues", issuesOpenedPayload(), { secret: TEST_SECRET, id: "d-today" });
      expect(ran).to.deep.equal(["d-today"]);
    } finally {
      await server.stop();
    }
  });

  it("says what to give when the options have no Probot class", () => {
    let thrown: unknown;
    try {
      new Server({} as never);
    } catch (error) {
      thrown = error;
    }
    expect(isAppError(thrown)).to.equal(true);
    expect((thrown as Error).message).to.match(/options\.Probot/);
    expect((thrown as { hint?: string }).hint).to.match(/App\.defaults/);
  });
});
