import { expect } from "chai";
import { Agent } from "node:http";
import { randomBytes } from "node:crypto";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { createPick, createRandom, FAILING_EVENT, type FuzzRequest } from "./fuzz-cases.js";
import { nextRequest } from "./fuzz-mutate.js";
import { send, type FuzzOutcome } from "./fuzz-send.js";
import { forkScript } from "./fork-script.js";

/**
 * CI runs 20,000 (under 20 s on two cores); `FUZZ_REQUESTS=200000` and
 * `FUZZ_SEED` run a longer or a different fuzz. See docs/reliability.md.
 */
const REQUESTS = Number(process.env["FUZZ_REQUESTS"] ?? 20_000);
const SEED = Number(process.env["FUZZ_SEED"] ?? 1);
const CONCURRENCY = 50;
const WARM_UP = Math.min(2000, Math.floor(REQUESTS / 10));

type Memory = {
  heapUsed: number;
  rss: number;
  arrayBuffers: number;
  lines: number;
  leaked: number;
  handled: number;
  stats: { inFlight: number };
};

describe("hardening: fuzz", function () {
  this.timeout(180_000);

  it(`survives ${REQUESTS} random and mutated requests (seed ${SEED}): no crash, no 5xx but handler failures, memory back to baseline`, async () => {
    const secret = randomBytes(16).toString("hex");
    const script = forkScript("fuzz-server", [secret], { exposeGc: true });
    const { url } = await script.next<{ url: string }>();
    const target = new URL(url);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const pick = createPick(createRandom(SEED));
    const payload = issuesOpenedPayload();
    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    let next = 0;
    let baseline: Memory | undefined;
    const started = performance.now();

    const check = (fuzz: FuzzRequest, outcome: FuzzOutcome, index: number) => {
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      // The failing handler's 500, also when raw bytes carried its whole delivery (the seed's
      // requests go to whichever of the concurrent senders is free, so which ones do varies).
      const event = fuzz.kind === "http" ? fuzz.headers["x-github-event"] : fuzz.event;
      const allowed5xx = event === FAILING_EVENT && outcome.status === 500;
      const allowedReset = fuzz.kind === "raw" || (fuzz.kind === "http" && fuzz.mayReset) || outcome.status === -1;
      if ((outcome.status >= 500 && !allowed5xx) || (outcome.status === 0 && !allowedReset)) {
        unexpected.push(`#${index} ${fuzz.label}: ${outcome.status} ${outcome.error ?? ""}`);
      }
    };
    const worker = async () => {
      for (let index = next++; index < REQUESTS; index = next++) {
        const fuzz = nextRequest(pick, secret, index, payload);
        check(fuzz, await send(target, agent, fuzz), index);
        if (index === WARM_UP) {
          script.send("measure");
          baseline = await script.next<Memory>();
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 300)); // let the last deliveries settle
      script.send("measure");
      const after = await script.next<Memory>();
      const alive = await fetch(`${url}/ping`);
      console.log(
        `      fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s, seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ` +
          `heap ${(baseline!.heapUsed / 2 ** 20).toFixed(1)} → ${(after.heapUsed / 2 ** 20).toFixed(1)} MiB, rss ${(baseline!.rss / 2 ** 20).toFixed(0)} → ${(after.rss / 2 ** 20).toFixed(0)} MiB; ${after.handled} deliveries handled`,
      );
      expect(unexpected.slice(0, 20)).to.deep.equal([]);
      expect(alive.status).to.equal(200);
      expect(after.leaked, "log lines with the webhook secret").to.equal(0);
      expect(after.stats.inFlight).to.equal(0);
      expect(after.heapUsed - baseline!.heapUsed).to.be.below(8 * 2 ** 20);
      expect(statuses.get(200)).to.be.above(REQUESTS / 10); // the fuzz still reaches the handlers
    } finally {
      agent.destroy();
      expect(await script.exit()).to.equal(0);
    }
  });
});
