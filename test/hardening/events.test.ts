import { expect } from "chai";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "../server/start-test-server.js";

const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "prototype",
];

describe("hardening: events", () => {
  const ran: string[] = [];
  let test: TestServer;
  before(async () => {
    test = await startTestServer(({ app }) => {
      app.on("issues.opened", () => void ran.push("issues.opened"));
      app.on("push", () => void ran.push("push"));
    });
  });
  after(() => test.close());
  beforeEach(() => (ran.length = 0));

  it("answers 200 to ping, running nothing", async () => {
    const response = await test.deliver("ping", { zen: "Keep it logically awesome.", hook_id: 1 });
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal("ok");
    expect(ran).to.deep.equal([]);
  });

  it("answers 200 to an event no handler wants and to one the platform does not know", async () => {
    expect((await test.deliver("star", { action: "created" })).status).to.equal(200);
    expect((await test.deliver("made_up_event", { action: "opened" })).status).to.equal(200);
    expect(ran).to.deep.equal([]);
  });

  it("answers 200 to an unknown action of a handled event, running only handlers of that action", async () => {
    expect((await test.deliver("issues", { ...issuesOpenedPayload(), action: "teleported" })).status).to.equal(200);
    expect(ran).to.deep.equal([]);
  });

  for (const name of PROTOTYPE_NAMES) {
    it(`treats an event named ${name} as unknown`, async () => {
      expect((await test.deliver(name, { action: "opened" })).status).to.equal(200);
      expect(ran).to.deep.equal([]);
    });

    it(`treats an action named ${name} as unknown`, async () => {
      expect((await test.deliver("issues", { ...issuesOpenedPayload(), action: name })).status).to.equal(200);
      expect(ran).to.deep.equal([]);
    });
  }

  const odd = ["ISSUES", "issues.opened", "issues opened", "push-x", "ünïcode", "a".repeat(5000)];
  for (const name of odd) {
    it(`answers 200 to the odd event name ${JSON.stringify(name.slice(0, 20))} without running handlers`, async () => {
      expect((await test.deliver(name, issuesOpenedPayload())).status).to.equal(200);
      expect(ran).to.deep.equal([]);
    });
  }

  it("leaves Object.prototype alone when a payload carries __proto__ and constructor keys", async () => {
    const body =
      '{"action":"opened","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"issue":{"number":1}}';
    expect((await test.deliver("issues", body)).status).to.equal(200);
    expect(ran).to.deep.equal(["issues.opened"]);
    expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
  });
});
