import { expect } from "chai";
import type { App } from "../../src/app.js";
import { createApp } from "../../src/create-app.js";
import { getLog } from "../../src/log/get-log.js";
import { createServer, type AppServer } from "../../src/server/create-server.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { FastClient } from "../helpers/test-app.js";
import {
  deliverFor,
  expectOnlyOwnCredentials,
  registrationsOf,
  startTwoPlatforms,
  type Registered,
} from "./helpers.js";

describe("several registrations in one server", function () {
  this.timeout(30_000);
  let prod: Registered;
  let ghes: Registered;
  let app: App;
  let server: AppServer;
  let url: string;
  let logs: LogCapture;
  let seen: Array<{ id: string; registration: unknown }>;

  before(async () => {
    [prod, ghes] = await startTwoPlatforms();
  });
  beforeEach(async () => {
    prod.platform.reset();
    ghes.platform.reset();
    logs = createLogCapture();
    seen = [];
    app = createApp({
      env: {},
      overrides: {
        registrations: registrationsOf([prod, ghes]),
        // No write pacing: these tests are about whose client acts, not how fast.
        Client: FastClient.defaults({ throttle: { enabled: false } }),
        log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }),
      },
    });
    server = createServer({ app, port: 0, host: "127.0.0.1" });
    await server.load(({ app }) => {
      app.on("issues.opened", async (context) => {
        const registration = context.registration;
        seen.push({ id: context.id, registration });
        await context.client.issues.createComment(context.issue({ body: `from ${registration?.name}` }));
      });
    });
    ({ url } = await server.start());
  });
  afterEach(async () => {
    await server.stop({ graceMs: 1000 });
    await app.close();
  });
  after(async () => {
    await Promise.all([prod?.platform.close(), ghes?.platform.close()]);
  });

  it("runs each app id's deliveries with that registration's client: the comment lands on its own platform", async () => {
    expect(await deliverFor(url, { id: "to-prod", targetId: 11, secret: prod.secret, issue: 101 })).to.deep.include({
      status: 200,
    });
    expect(await deliverFor(url, { id: "to-ghes", targetId: 22, secret: ghes.secret, issue: 202 })).to.deep.include({
      status: 200,
    });

    expect(prod.platform.comments().map((comment) => [comment.issue_number, comment.body])).to.deep.equal([
      [101, "from prod"],
    ]);
    expect(ghes.platform.comments().map((comment) => [comment.issue_number, comment.body])).to.deep.equal([
      [202, "from ghes"],
    ]);
    expect(seen).to.deep.equal([
      { id: "to-prod", registration: { appId: 11, name: "prod", baseUrl: prod.platform.url } },
      { id: "to-ghes", registration: { appId: 22, name: "ghes", baseUrl: ghes.platform.url } },
    ]);
  });

  it("never sends a registration's tokens or JWTs to the other platform", async () => {
    // Both platforms have an installation 1: the tokens must still be kept apart.
    for (let round = 0; round < 2; round++) {
      await deliverFor(url, { id: `prod-${round}`, targetId: 11, secret: prod.secret });
      await deliverFor(url, { id: `ghes-${round}`, targetId: 22, secret: ghes.secret });
    }
    expect(prod.platform.comments()).to.have.length(2);
    expect(ghes.platform.comments()).to.have.length(2);
    expect(prod.platform.tokenExchanges()).to.have.length(1);
    expect(ghes.platform.tokenExchanges()).to.have.length(1);
    expectOnlyOwnCredentials(prod.platform, ghes.platform, 11);
    expectOnlyOwnCredentials(ghes.platform, prod.platform, 22);
  });

  it("answers 400 to a delivery signed with the other registration's secret, and runs no handler", async () => {
    const answer = await deliverFor(url, { id: "crossed", targetId: 11, secret: ghes.secret });
    expect(answer.status).to.equal(400);
    expect(answer.body)
      .to.have.property("error")
      .that.matches(/signature/i);
    expect(seen).to.deep.equal([]);
    expect(prod.platform.calls).to.deep.equal([]);
    expect(ghes.platform.calls).to.deep.equal([]);
  });

  it("answers 400 to a delivery for an app id that is not registered (or names none), and runs no handler", async () => {
    const unknown = await deliverFor(url, { id: "unknown-app", targetId: 33, secret: prod.secret });
    expect(unknown.status).to.equal(400);
    expect(unknown.body).to.have.property("error").that.matches(/33/);
    const unnamed = await deliverFor(url, { id: "no-app-id", targetId: undefined, secret: prod.secret });
    expect(unnamed.status).to.equal(400);
    expect(unnamed.body)
      .to.have.property("error")
      .that.matches(/X-GitHub-Hook-Installation-Target-ID/i);
    const odd = await deliverFor(url, { id: "odd-app-id", targetId: "<b>11</b>", secret: prod.secret });
    expect(odd.status).to.equal(400);
    expect(JSON.stringify(odd.body)).not.to.include("<b>");
    expect(seen).to.deep.equal([]);
    expect(logs.text()).not.to.include(prod.secret);
    expect(logs.text()).not.to.include("<b>");
  });

  it("accepts each registration's earlier secrets while it rotates (additionalSecrets), and only its own", async () => {
    const old = { prod: "prod-secret-before-rotation", ghes: "ghes-secret-before-rotation" };
    const rotating = createApp({
      env: {},
      overrides: {
        registrations: registrationsOf([prod, ghes]).map((registration, index) => ({
          ...registration,
          additionalSecrets: [index === 0 ? old.prod : old.ghes],
        })),
        Client: FastClient.defaults({ throttle: { enabled: false } }),
        log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }),
      },
    });
    const rotatingServer = createServer({ app: rotating, port: 0, host: "127.0.0.1" });
    const handled: string[] = [];
    await rotatingServer.load(({ app }) => app.on("issues.opened", (context) => void handled.push(context.id)));
    const started = await rotatingServer.start();
    try {
      const deliver = (id: string, targetId: number, secret: string) =>
        deliverFor(started.url, { id, targetId, secret }).then((answer) => answer.status);
      expect(await deliver("prod-old", 11, old.prod)).to.equal(200);
      expect(await deliver("ghes-old", 22, old.ghes)).to.equal(200);
      expect(await deliver("ghes-new", 22, ghes.secret)).to.equal(200);
      expect(await deliver("prod-with-ghes-old", 11, old.ghes)).to.equal(400);
      expect(handled).to.deep.equal(["prod-old", "ghes-old", "ghes-new"]);
      expect(logs.text()).not.to.include(old.prod);
      expect(logs.text()).not.to.include(old.ghes);
    } finally {
      await rotatingServer.stop({ graceMs: 1000 });
      await rotating.close();
    }
  });
});
