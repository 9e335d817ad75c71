import { expect } from "chai";
import { setTimeout as sleep } from "node:timers/promises";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "../server/start-test-server.js";

describe("hardening: back-pressure", () => {
  let test: TestServer;
  let release: () => void = () => undefined;
  let started = 0;
  beforeEach(async () => {
    started = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    release = open;
    test = await startTestServer(
      ({ app }) =>
        app.on("issues", async () => {
          started++;
          await gate;
        }),
      { maxConcurrentDeliveries: 2, handlerTimeoutMs: 50 },
    );
  });
  afterEach(async () => {
    release();
    await test.close();
  });

  it("answers 503 with retry-after, running nothing, once maxConcurrentDeliveries deliveries run", async () => {
    expect((await test.deliver("issues", issuesOpenedPayload(), { id: "bp-1" })).status).to.equal(202);
    expect((await test.deliver("issues", issuesOpenedPayload(), { id: "bp-2" })).status).to.equal(202);
    const refused = await test.deliver("issues", issuesOpenedPayload(), { id: "bp-3" });
    expect(refused.status).to.equal(503);
    expect(refused.headers.get("retry-after")).to.equal("5");
    expect(((await refused.json()) as { error: string }).error).to.match(/already running 2 deliveries.*redeliver/);
    expect(started).to.equal(2);
    expect(test.server.stats()).to.include({ inFlight: 2, refusedDeliveries: 1 });
  });

  it("warns once per overload, and accepts deliveries again once running ones finish", async () => {
    await test.deliver("issues", issuesOpenedPayload());
    await test.deliver("issues", issuesOpenedPayload());
    for (let i = 0; i < 3; i++) expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(503);
    const warnings = test.logs.records().filter((record) => record["level"] === 40);
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]!["msg"])).to.include("maxConcurrentDeliveries");
    release();
    await sleep(20);
    expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(200);
    expect(test.logs.text()).to.include("Accepting deliveries again after refusing 3 with 503");
  });

  it("still answers other routes while refusing deliveries", async () => {
    await test.deliver("issues", issuesOpenedPayload());
    await test.deliver("issues", issuesOpenedPayload());
    expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(503);
    expect((await fetch(`${test.url}/ping`)).status).to.equal(200);
  });

  it("refuses maxConcurrentDeliveries that is not a positive whole number, naming the option", async () => {
    const { createServer } = await import("../../src/server/create-server.js");
    expect(() => createServer({ app: test.app, maxConcurrentDeliveries: 0 })).to.throw(
      /maxConcurrentDeliveries must be a positive whole number/,
    );
  });
});
