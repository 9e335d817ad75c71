import { pairedRatio } from "./stats.js";

/**
 * The targets for this framework (`app`), checked against figures
 * of the same run. Each check has the figure it is based on and whether it
 * is met; a target whose inputs were not measured is left out.
 *
 * @example
 * for (const check of checkTargets({ main, info, large, cli })) console.log(check.met, check.target);
 */
export function checkTargets({ main = [], info = [], large = [], cli = [] }) {
  const checks = [];
  const find = (rows, id) => rows.find((row) => row.id === id);
  const app = find(main, "app");
  const probot = find(main, "probot");
  const webhooks = find(main, "webhooks");
  const vs = (other, metric) => pairedRatio(app.rounds, other.rounds, metric);
  const reqs = (slice) => slice.reqPerSec;
  const add = (target, value, met) => checks.push({ target, value, met });
  if (app) {
    add(
      "CPU per delivery ≤ 1.25× the floor's",
      `${fmt(app.ratio.cpuPerDeliveryUs)}×`,
      app.ratio.cpuPerDeliveryUs <= 1.25,
    );
    add("throughput ≥ 0.8× the floor's", `${fmt(app.ratio.reqPerSec)}×`, app.ratio.reqPerSec >= 0.8);
  }
  if (app && probot) {
    // What the floor itself reaches against Probot in the same rounds: a
    // target the floor misses is set by the machine, not by our code.
    const floor = find(main, "floor");
    const floorVs = (metric) => (floor ? ` (floor: ${fmt(pairedRatio(floor.rounds, probot.rounds, metric))}×)` : "");
    add("throughput ≥ 1.6× Probot's", `${fmt(vs(probot, reqs))}×${floorVs(reqs)}`, vs(probot, reqs) >= 1.6);
    const latency = (slice) => slice.load.latency.p99;
    const p99 = vs(probot, latency);
    add("p99 latency ≤ 0.5× Probot's", `${fmt(p99)}×${floorVs(latency)}`, p99 <= 0.5);
    add("peak RSS under load ≤ Probot's (warn)", mb(app.peakRss, probot.peakRss), app.peakRss <= probot.peakRss);
  }
  if (app && webhooks) {
    add("throughput ≥ bare @octokit/webhooks'", `${fmt(vs(webhooks, reqs))}×`, vs(webhooks, reqs) >= 1);
    // What decides throughput once the load generator is not the limit, and steadier on a shared machine.
    const cpu = (slice) => slice.cpuPerDeliveryUs;
    add("CPU per delivery ≤ bare @octokit/webhooks'", `${fmt(vs(webhooks, cpu))}×`, vs(webhooks, cpu) <= 1);
  }
  const appInfo = find(info, "app");
  const probotInfo = find(info, "probot");
  if (appInfo && probotInfo) {
    add(
      "peak RSS under load ≤ Probot's (info)",
      mb(appInfo.peakRss, probotInfo.peakRss),
      appInfo.peakRss <= probotInfo.peakRss,
    );
    // Info is both servers' default level, so also their p99 as deployed.
    const latency = (slice) => slice.load.latency.p99;
    const p99 = pairedRatio(appInfo.rounds, probotInfo.rounds, latency);
    const floorInfo = find(info, "floor");
    const floor = floorInfo ? ` (floor: ${fmt(pairedRatio(floorInfo.rounds, probotInfo.rounds, latency))}×)` : "";
    add("p99 latency ≤ 0.5× Probot's (info)", `${fmt(p99)}×${floor}`, p99 <= 0.5);
  }
  const appLarge = find(large, "app");
  if (appLarge) {
    const [first] = appLarge.rssAfterRounds;
    const last = appLarge.rssAfterRounds.at(-1);
    // Bounded: RSS settles instead of growing round after round.
    add(
      "1 MiB payloads: memory bounded (RSS after last round ≤ 1.2× after first + 16 MB)",
      `${(first / 2 ** 20).toFixed(0)} → ${(last / 2 ** 20).toFixed(0)} MB, peak ${(appLarge.peakRss / 2 ** 20).toFixed(0)} MB`,
      last <= first * 1.2 + 16 * 2 ** 20,
    );
  }
  const time = (id) => cli.find((result) => result.id === id)?.medianMs;
  // Issue "From nothing to a running bot", item 7: a cold start as fast as a plain script.
  for (const [id, what] of [
    ["app-version", "--version"],
    ["app-receive", "receive"],
  ]) {
    if (time(id) !== undefined && time("node") !== undefined) {
      const ratio = time(id) / time("node");
      add(
        `\`app ${what}\` cold start ≤ 2× \`node -e ''\``,
        `${ratio.toFixed(2)}× (${time(id).toFixed(0)} vs ${time("node").toFixed(0)} ms)`,
        ratio <= 2,
      );
    }
  }
  for (const [ours, theirs, what] of [
    ["app-version", "probot-version", "--version"],
    ["app-receive", "probot-receive", "receive"],
  ]) {
    if (time(ours) !== undefined && time(theirs) !== undefined) {
      add(
        `\`app ${what}\` faster than Probot's`,
        `${time(ours).toFixed(0)} vs ${time(theirs).toFixed(0)} ms`,
        time(ours) < time(theirs),
      );
    }
  }
  return checks;
}

function fmt(value) {
  return Number.isFinite(value) ? value.toFixed(2) : "?";
}

function mb(ours, theirs) {
  return `${(ours / 2 ** 20).toFixed(0)} vs ${(theirs / 2 ** 20).toFixed(0)} MB`;
}
