import { pairedRatio, summarize } from "./stats.js";

const MB = 1024 * 1024;

/**
 * Summarises the slices of one phase: per server, the medians, peaks and
 * checks of `summarize`, plus each figure as a paired ratio to the floor.
 *
 * @example
 * const rows = summarizePhase(servers, slices);
 */
export function summarizePhase(servers, slices) {
  const floor = slices.floor ?? [];
  return servers.map((server) => {
    const rounds = slices[server.def.id];
    const ratio = (metric) => pairedRatio(rounds, floor, metric);
    return {
      id: server.def.id,
      label: server.def.label,
      version: server.def.version,
      startMs: server.startMs,
      idleRss: server.idleRss,
      hwm: server.hwm,
      ...summarize(rounds),
      ratio: {
        reqPerSec: ratio((slice) => slice.reqPerSec),
        p50: ratio((slice) => slice.load.latency.p50),
        p99: ratio((slice) => slice.load.latency.p99),
        cpuPerDeliveryUs: ratio((slice) => slice.cpuPerDeliveryUs),
        peakRss: ratio((slice) => slice.peakRss),
      },
      rounds,
    };
  });
}

/**
 * A markdown table of one load phase; every cell also shows its ratio to
 * the floor measured in the same rounds.
 *
 * @example
 * console.log(loadTable(rows, { rssRounds: false }));
 */
export function loadTable(rows, { rssRounds = false } = {}) {
  const head = ["server", "version", "req/s", "p50 ms", "p99 ms", "CPU µs/delivery", "peak RSS MB (load)"];
  if (rssRounds) head.push("RSS MB after each round");
  else head.push("VmHWM MB", "idle RSS MB");
  head.push("machine stall p99 / max ms", "non-2xx", "handler runs = 2xx");
  const lines = [row(head), row(head.map(() => "---"))];
  for (const r of rows) {
    const cells = [
      r.label,
      r.version,
      withRatio(r.reqPerSec.toFixed(0), r.ratio.reqPerSec),
      withRatio(r.p50.toFixed(0), r.ratio.p50),
      withRatio(r.p99.toFixed(0), r.ratio.p99),
      withRatio(r.cpuPerDeliveryUs.toFixed(0), r.ratio.cpuPerDeliveryUs),
      withRatio((r.peakRss / MB).toFixed(0), r.ratio.peakRss),
    ];
    if (rssRounds) cells.push(r.rssAfterRounds.map((rss) => (rss / MB).toFixed(0)).join(" → "));
    else cells.push((r.hwm / MB).toFixed(0), (r.idleRss / MB).toFixed(0));
    cells.push(
      `${r.stallP99.toFixed(0)} / ${r.stallMax.toFixed(0)}`,
      String(r.non2xx + r.errors),
      r.handledOk ? `yes (${r.handled})` : `**NO** (${r.handled} runs, ${r.ok} 2xx)`,
    );
    lines.push(row(cells));
  }
  return lines.join("\n");
}

/**
 * A markdown table of CLI cold starts, each as a ratio to `node -e ''`.
 *
 * @example
 * console.log(cliTable(results));
 */
export function cliTable(results) {
  const floor = results.find((result) => result.id === "node")?.medianMs;
  const floorCpu = results.find((result) => result.id === "node")?.medianCpuMs;
  const lines = [
    row(["command", "median ms", "× node -e ''", "min ms", "median CPU ms (user+sys)", "CPU × node -e ''"]),
    row(["---", "---", "---", "---", "---", "---"]),
  ];
  for (const result of results) {
    if (result.failure || result.missing) {
      lines.push(
        row([
          result.label,
          result.missing ? `not run: ${result.missing}` : `**failed**: ${result.failure}`,
          "",
          "",
          "",
          "",
        ]),
      );
      continue;
    }
    const cpu = result.medianCpuMs;
    lines.push(
      row([
        result.label,
        result.medianMs.toFixed(0),
        (result.medianMs / floor).toFixed(2),
        result.minMs.toFixed(0),
        cpu === undefined ? "" : cpu.toFixed(0),
        cpu === undefined || !floorCpu ? "" : (cpu / floorCpu).toFixed(2),
      ]),
    );
  }
  return lines.join("\n");
}

function withRatio(value, ratio) {
  return Number.isFinite(ratio) ? `${value} (${ratio.toFixed(2)}×)` : value;
}

function row(cells) {
  return `| ${cells.map((cell) => String(cell).replaceAll("|", "\\|")).join(" | ")} |`;
}
