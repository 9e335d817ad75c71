import { expect } from "chai";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakePlatform, serverErrorResponse, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { runToExit } from "../helpers/spawn-app.js";

const HOUR = 3_600_000;

type Attempt = {
  id: number;
  guid: string;
  delivered_at: string;
  redelivery: boolean;
  status: string;
  status_code: number;
  event: string;
  action: string | null;
};

/** Attempts of deliveries at `hoursAgo`, each a 200 unless `statusCode` says otherwise. */
function attempt(id: number, guid: string, hoursAgo: number, statusCode = 200, redelivery = false): Attempt {
  return {
    id,
    guid,
    delivered_at: new Date(Date.now() - hoursAgo * HOUR).toISOString().replace(/\.\d+Z$/, "Z"),
    redelivery,
    status: statusCode === 200 ? "OK" : "Failed",
    status_code: statusCode,
    event: "issues",
    action: "opened",
  };
}

describe("app redeliver", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  const env = () => ({ APP_ID: "1", PRIVATE_KEY: getTestKeys().privateKeyPkcs1 });
  const redeliver = (...args: string[]) =>
    runToExit({ command: "redeliver", args: ["--base-url", platform.url, ...args], env: env() });

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  beforeEach(() => {
    platform.reset();
    const attempts: Attempt[] = [];
    // 240 delivered ones over the last 20 hours: three pages of 100.
    for (let i = 0; i < 240; i++) attempts.push(attempt(1000 + i, `ok-${i}`, (i * 20) / 240));
    attempts.push(
      attempt(1, "failed-once", 2, 502), // never delivered: redeliver its only attempt
      attempt(2, "failed-twice", 3, 500),
      attempt(3, "failed-twice", 2.5, 0, true), // the latest attempt is the one asked for again
      attempt(4, "redelivered-fine", 5, 500),
      attempt(5, "redelivered-fine", 4, 200, true), // a 2xx attempt: done
      attempt(6, "too-old", 30, 500), // before the 24 h window
      attempt(7, "old-original", 30, 500), // its original is outside the window,
      attempt(8, "old-original", 1, 500, true), // even if a redelivery is inside
    );
    platform.setHookDeliveries(attempts);
  });
  after(() => platform.close());

  it("pages through the deliveries with the Link cursor and redelivers each guid without a 2xx attempt", async () => {
    const result = await redeliver("--json");
    expect(result.code, result.stderr).to.equal(0);
    expect(platform.redeliveryRequests()).to.have.members([1, 3]);
    const pages = platform.callsTo("GET", "/app/hook/deliveries");
    expect(pages.map((call) => call.query.get("cursor"))).to.deep.equal([null, "v1_100", "v1_200"]);
    expect(pages.every((call) => call.query.get("per_page") === "100")).to.equal(true);
    expect(pages.every((call) => call.auth.type === "app")).to.equal(true);
    const report = JSON.parse(result.stdout) as {
      checked: number;
      redelivered: Array<{ guid: string; attemptId: number }>;
      dryRun: boolean;
    };
    expect(report.dryRun).to.equal(false);
    expect(report.redelivered.map((d) => [d.guid, d.attemptId])).to.deep.equal([
      ["failed-twice", 3],
      ["failed-once", 1],
    ]);
    expect(report.checked).to.equal(243);
  });

  it("looks only as far back as --since, and stops paging there", async () => {
    const result = await redeliver("--since", "150m");
    expect(result.code, result.stderr).to.equal(0);
    expect(platform.redeliveryRequests()).to.deep.equal([1]);
    expect(platform.callsTo("GET", "/app/hook/deliveries")).to.have.length(1);
    expect(result.stdout).to.match(/^Redelivered failed-once {2}issues\.opened, first attempt \S+, last status 502$/m);
  });

  it("with --dry-run lists what it would redeliver and asks for nothing", async () => {
    const result = await redeliver("--dry-run");
    expect(result.code, result.stderr).to.equal(0);
    expect(platform.redeliveryRequests()).to.deep.equal([]);
    expect(platform.callsTo("POST", "/app/hook/deliveries/:delivery_id/attempts")).to.deep.equal([]);
    expect(result.stdout).to.include("Would redeliver failed-once");
    expect(result.stdout).to.include("Would redeliver failed-twice");
    expect(result.stdout).to.include("(dry run: nothing was asked for)");
  });

  it("exits 1 when the platform refuses a redelivery, after asking for the others", async () => {
    platform.failNext("POST", "/app/hook/deliveries/:delivery_id/attempts", serverErrorResponse());
    const result = await redeliver();
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/Could not redeliver failed-twice/);
    expect(platform.redeliveryRequests()).to.deep.equal([1]);
  });

  it("exits 1 with one line when the deliveries cannot be listed", async () => {
    platform.failNext("GET", "/app/hook/deliveries", serverErrorResponse(), 10);
    const result = await redeliver();
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^Error: GET \/app\/hook\/deliveries failed/m);
    expect(result.stderr).not.to.match(/\n\s+at /);
  });

  it("lists and redelivers with the app's JWT when a GITHUB_TOKEN is set too (an Actions job)", async () => {
    const result = await runToExit({
      command: "redeliver",
      args: ["--base-url", platform.url, "--since", "150m"],
      env: { ...env(), GITHUB_TOKEN: "ghp_redeliverjobtoken0123456789abcdefAB" },
    });
    expect(result.code, result.stderr).to.equal(0);
    expect(platform.redeliveryRequests()).to.deep.equal([1]);
    const calls = [
      ...platform.callsTo("GET", "/app/hook/deliveries"),
      ...platform.callsTo("POST", "/app/hook/deliveries/:delivery_id/attempts"),
    ];
    expect(calls.map((call) => call.auth.type)).to.deep.equal(["app", "app"]);
  });

  it("takes no --token: only the app's JWT lists and redelivers its deliveries", async () => {
    const result = await redeliver("--token", "ghp_redeliverjobtoken0123456789abcdefAB");
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^Error: Nonexistent flag: --token\b/);
    expect(result.stderr).not.to.include("0123456789abcdef");
    expect(platform.calls).to.deep.equal([]);
  });

  it("names the missing key, and where it is looked for, when only APP_ID is set", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "redeliver-"));
    const result = await runToExit({
      command: "redeliver",
      args: ["--base-url", platform.url],
      env: { APP_ID: "1" },
      cwd,
    });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include("Redelivering needs the app's private key: APP_ID is set but none was found.");
    expect(result.stderr).to.include("--private-key").and.include("PRIVATE_KEY_PATH");
    expect(platform.calls).to.deep.equal([]);
  });

  it("exits 2 for a window over 3 days or a duration it cannot read", async () => {
    for (const since of ["4d", "yesterday"]) {
      const result = await redeliver("--since", since);
      expect(result.code, since).to.equal(2);
      expect(result.stderr).to.match(/--since/);
    }
  });
});
