import { expect } from "chai";
import { startRedisServer } from "./redis-server.js";
import { until } from "./until.js";
import { spawnTarget } from "../runtimes/helpers/spawned-target.js";

/** Child processes this process still holds: each one keeps mocha from exiting after the run. */
const children = () => process.getActiveResourcesInfo().filter((kind) => kind === "ProcessWrap").length;

// A helper whose start gives up (too slow under load) must not leave its process running: mocha,
// without --exit, would print the results and never end.
describe("test helpers that start a process end it when they give up", () => {
  it("startRedisServer, when redis-server is not ready in time", async () => {
    const before = children();
    const error = await startRedisServer({ readyTimeoutMs: 1 }).catch((e: unknown) => e);
    expect(String(error)).to.include("redis-server did not start within 1 ms");
    await until(() => children() === before, 5000).catch(() => {
      throw new Error(`${children() - before} redis-server process(es) left running`);
    });
  });

  it("spawnTarget, when the process prints no URL in time", async () => {
    const before = children();
    const error = await spawnTarget(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
      cwd: process.cwd(),
      env: {},
      url: () => undefined,
      startMs: 200,
    }).catch((e: unknown) => e);
    expect(String(error)).to.include("no URL after 200 ms");
    await until(() => children() === before, 5000).catch(() => {
      throw new Error(`${children() - before} process(es) left running`);
    });
  });
});
