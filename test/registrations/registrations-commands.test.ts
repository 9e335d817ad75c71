import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { runDoctor } from "../../src/doctor/run-doctor.js";
import { runRedeliver } from "../../src/redeliver/run-redeliver.js";
import { startTwoPlatforms, type Registered } from "./helpers.js";

/** A YAML APP_REGISTRATIONS file: the first key inline, the second by its file (relative to the file's folder). */
function writeRegistrationsFile([prod, ghes]: [Registered, Registered]): string {
  const cwd = mkdtempSync(join(tmpdir(), "registrations-"));
  writeFileSync(join(cwd, "ghes.pem"), ghes.keys.privateKeyPkcs1);
  writeFileSync(
    join(cwd, "registrations.yml"),
    [
      `- appId: ${prod.appId}`,
      `  name: ${prod.name}`,
      `  secret: ${prod.secret}`,
      `  baseUrl: ${prod.platform.url}`,
      `  privateKey: ${JSON.stringify(prod.keys.privateKeyPkcs1)}`,
      `- appId: ${ghes.appId}`,
      `  name: ${ghes.name}`,
      `  secret: ${ghes.secret}`,
      `  baseUrl: ${ghes.platform.url}`,
      `  privateKeyPath: ghes.pem`,
      "",
    ].join("\n"),
  );
  return cwd;
}

describe("app doctor and app redeliver with several registrations", function () {
  this.timeout(30_000);
  let registered: [Registered, Registered];
  let cwd: string;

  before(async () => {
    registered = await startTwoPlatforms();
    cwd = writeRegistrationsFile(registered);
  });
  after(async () => {
    await Promise.all(registered?.map(({ platform }) => platform.close()) ?? []);
  });

  it("app doctor checks each registration's key, secret and installations on its own platform", async () => {
    const report = await runDoctor({ apps: [], env: { APP_REGISTRATIONS: "registrations.yml" }, cwd });
    const about = (appId: number, id: string) =>
      report.checks.find((check) => check.id === id && check.registration?.appId === appId);
    for (const { appId, name } of registered) {
      expect(about(appId, "key"), `key of ${appId}`).to.deep.include({ status: "ok", registration: { appId, name } });
      expect(about(appId, "key")!.message).to.match(
        new RegExp(`^App ${appId} \\("${name}"\\): The private key matches`),
      );
      expect(about(appId, "secret")).to.include({ status: "ok" });
      expect(about(appId, "installations")).to.include({ status: "ok" });
    }
    for (const [index, { platform, appId }] of registered.entries()) {
      const other = registered[1 - index]!;
      expect(platform.calls.filter((call) => call.auth.type === "app").length).to.be.greaterThan(0);
      expect(
        platform.calls.every((call) => call.auth.type !== "invalid"),
        `refused calls on app ${appId}'s platform`,
      ).to.equal(true);
      expect(
        platform.calls.some((call) =>
          other.platform.issuedTokens().includes(String(call.headers.authorization).split(" ")[1]!),
        ),
      ).to.equal(false);
    }
    expect(report.checks.filter((check) => check.status === "fail")).to.deep.equal([]);
  });

  it("app redeliver sweeps each registration's deliveries on its own platform", async () => {
    const now = new Date().toISOString();
    for (const [index, { platform }] of registered.entries()) {
      platform.setHookDeliveries([
        {
          id: 100 + index,
          guid: `missed-${index}`,
          delivered_at: now,
          redelivery: false,
          status: "Bad gateway",
          status_code: 502,
          event: "issues",
          action: "opened",
        },
        {
          id: 200 + index,
          guid: `fine-${index}`,
          delivered_at: now,
          redelivery: false,
          status: "OK",
          status_code: 200,
          event: "issues",
          action: "opened",
        },
      ]);
    }
    const report = await runRedeliver({ env: { APP_REGISTRATIONS: "registrations.yml" }, cwd });
    expect(report.error).to.equal(undefined);
    expect(report.checked).to.equal(4);
    expect(report.redelivered.map((each) => [each.guid, each.registration])).to.have.deep.members([
      ["missed-0", { appId: 11, name: "prod" }],
      ["missed-1", { appId: 22, name: "ghes" }],
    ]);
    expect(registered[0].platform.redeliveryRequests()).to.deep.equal([100]);
    expect(registered[1].platform.redeliveryRequests()).to.deep.equal([101]);
  });
});
