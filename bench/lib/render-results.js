import { cliTable, loadTable } from "./report.js";
import { rankCorrelation } from "./stats.js";
import { checkTargets } from "./targets.js";

/**
 * The whole run as markdown: machine, one table per phase, CLI cold starts
 * and the targets. This is what `npm run bench` prints and what
 * docs/benchmarks.md holds.
 *
 * @example
 * writeFileSync("results/latest.md", renderResults(results));
 */
export function renderResults(results) {
  const { machine, plan } = results;
  const out = [];
  out.push(
    `Run ${results.date} in ${results.totalS} s on ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, ` +
      `Linux ${machine.kernel}, Node ${machine.node}. Load average at start ${machine.loadAverage.join(" / ")}` +
      (results.load
        ? `; during the load phases the machine was ${results.load.busyPercent.toFixed(0)} % busy with ${results.load.stealPercent.toFixed(1)} % steal.`
        : "."),
  );
  if (results.idleStall) {
    out.push(
      `Before any load, an idle process's 1 ms timer fired late by ${results.idleStall.p99.toFixed(0)} ms at p99 and ${results.idleStall.max.toFixed(0)} ms at most ` +
        "over 5 s: the machine's own stalls, which every latency below includes. The \"machine stall\" column is the same reading taken during that server's slices (median p99 over rounds / highest).",
    );
  }
  const { framework } = results;
  if (framework?.commit)
    out.push(
      `Framework built from ${framework.commit}${framework.dirty ? " plus uncommitted changes" : ""} (${framework.root}).`,
    );
  else if (framework) out.push(`Framework from ${framework.root} (not a git checkout).`);
  if (results.compare)
    out.push(`Compared with a second build ("B") from ${results.compare.commit ?? results.compare.root}.`);
  if (results.left_out.length > 0)
    out.push(`Left out: ${results.left_out.map(({ id, missing }) => `${id} (${missing})`).join(", ")}.`);
  out.push(
    "Ratios in parentheses are to the floor (raw `node:http`), paired round by round: the median over rounds of server ÷ floor in the same round.",
  );
  if (results.main) {
    out.push(`### 12 KiB \`issues.opened\`, ${plan.main.connections} connections, LOG_LEVEL=warn`);
    out.push(
      `${plan.main.rounds} rounds × ${plan.main.sliceS} s per server, rotating order, after a ${plan.main.warmupS} s warm-up; medians over rounds. Peak RSS (load) is the highest VmRSS sampled every 100 ms under load; VmHWM is the process's lifetime peak.`,
    );
    out.push(loadTable(results.main));
    const tails = tailsAndStalls(results.main);
    if (tails) out.push(tails);
  }
  if (results.info) {
    out.push(`### The same at LOG_LEVEL=info (JSON lines to a file)`);
    out.push(
      `${plan.info.rounds} rounds × ${plan.info.sliceS} s after a ${plan.info.warmupS} s warm-up; only servers that log, plus the floor.`,
    );
    out.push(loadTable(results.info));
  }
  if (results.large) {
    out.push(`### 1 MiB \`issues.opened\`, ${plan.large.connections} connections, LOG_LEVEL=warn`);
    out.push(
      `${plan.large.rounds} rounds × ${plan.large.sliceS} s, same processes as the first table. RSS after each round shows whether memory settles.`,
    );
    out.push(loadTable(results.large, { rssRounds: true }));
  }
  if (results.cli) {
    out.push(
      `### CLI cold start (median of ${plan.cliRuns} runs each, in rounds that run every command once in rotating order, after one unmeasured run of each)`,
    );
    out.push(cliTable(results.cli));
  }
  const checks = checkTargets(results);
  if (checks.length > 0) {
    out.push("### Targets (issue item 3), same run");
    out.push(
      [
        "| target | measured | met |",
        "| --- | --- | --- |",
        ...checks.map((check) => `| ${check.target} | ${check.value} | ${check.met ? "yes" : "**no**"} |`),
      ].join("\n"),
    );
  }
  return out.join("\n\n");
}

/** How closely each slice's latency tail follows the machine's worst stall during it, over all servers. */
function tailsAndStalls(rows) {
  const slices = rows.flatMap((row) => row.rounds).filter((slice) => slice.stallMs);
  const correlation = rankCorrelation(
    slices.map((slice) => slice.stallMs.max),
    slices.map((slice) => slice.load.latency.p99 - slice.load.latency.p50),
  );
  if (!Number.isFinite(correlation)) return undefined;
  return `Over the ${slices.length} slices of this table, a slice's tail (p99 − p50) and the machine's worst stall during it have a rank correlation of ${correlation.toFixed(2)} (1 = the tail rises exactly with the stall).`;
}
