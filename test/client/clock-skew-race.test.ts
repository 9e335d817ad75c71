import { expect } from "chai";
import { fileURLToPath } from "node:url";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { spawnApp } from "../helpers/spawn-app.js";
import { deliver } from "../server/start-test-server.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

const COMMENT_APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));
/** Spawned `app run` processes per direction; SKEW_PROCESS_RUNS=50 for the long check. */
const PROCESS_RUNS = Number(process.env.SKEW_PROCESS_RUNS ?? 4);

for (const skewSeconds of [800, -800]) {
  const direction = skewSeconds > 0 ? "ahead" : "behind";

  describe(`a platform clock ${Math.abs(skewSeconds)} s ${direction} of this machine's`, function () {
    this.timeout(180_000);
    let platform: FakePlatform;
    beforeEach(async () => {
      platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, clockSkewSeconds: skewSeconds });
    });
    afterEach(() => platform.close());

    it("GET /app racing the first token exchange: both succeed, 50 times", async () => {
      const failures: string[] = [];
      for (let run = 0; run < 50; run++) {
        const { app, logs } = createTestApp(platform);
        const results = await Promise.allSettled([
          app.auth().then((client) => client.apps.getAuthenticated()),
          app.auth(1).then((client) => client.repos.get({ owner: "octo", repo: "hello" })),
        ]);
        for (const result of results) {
          if (result.status === "rejected") failures.push(`run ${run}: ${String(result.reason)}`);
        }
        expect(logs.records().filter((record) => /clock is \d+s/.test(String(record.msg)))).to.have.length(1);
        await app.close();
      }
      expect(failures, failures.join("\n")).to.deep.equal([]);
    });

    it(`app run handles a delivery sent at once after the start (${PROCESS_RUNS} processes)`, async () => {
      const failures: string[] = [];
      for (let run = 0; run < PROCESS_RUNS; run++) {
        platform.reset();
        const child = await spawnApp({
          args: ["--base-url", platform.url, COMMENT_APP],
          env: {
            APP_ID: "1",
            PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
            WEBHOOK_SECRET: TEST_SECRET,
            HOST: "127.0.0.1",
            PORT: "0",
          },
        });
        try {
          const response = await deliver(child.url, "issues", issuesOpenedPayload(), { id: `skew-${run}` });
          const answer = `${response.status} ${await response.text()}`;
          if (response.status !== 200) failures.push(`run ${run}: ${answer}\n${child.stdout()}${child.stderr()}`);
          // The handler's comment needs the first token exchange; GET /app (the event check) races it.
          await until(() => platform.comments().length === 1, 10_000).catch(() => undefined);
          if (platform.comments().length !== 1) failures.push(`run ${run}:\n${child.stdout()}${child.stderr()}`);
        } finally {
          child.kill("SIGTERM");
          await child.exit;
        }
      }
      expect(failures, failures.join("\n")).to.deep.equal([]);
    });
  });
}
