#!/usr/bin/env node
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildFramework } from "./lib/build.js";
import { killAll } from "./lib/children.js";
import { listCliCommands, timeCommands } from "./lib/cold-start.js";
import { cpuShare, describeCheckout, describeMachine, measureStalls, readCpuCounters } from "./lib/machine.js";
import { runRounds, startServers, stopServers } from "./lib/measure-servers.js";
import { LARGE_PAYLOAD_BYTES, SMALL_PAYLOAD_BYTES, buildPayload, signBody } from "./lib/payload.js";
import { memory } from "./lib/proc-stats.js";
import { summarizePhase } from "./lib/report.js";
import { listServers } from "./lib/servers.js";
import { startOtlpSink } from "./servers/otlp-sink.js";
import { renderQueueResults, runQueueBench } from "./lib/queue-bench.js";
import { renderResults } from "./lib/render-results.js";

const bench = dirname(fileURLToPath(import.meta.url));
const repo = dirname(bench);
const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "app-root": { type: "string" },
    compare: { type: "string" },
    rounds: { type: "string" },
    skip: { type: "string", default: "" },
    // Only the queue-mode rows (needs redis-server): npm run bench -- --queue-only
    "queue-only": { type: "boolean", default: false },
  },
});
const quick = flags.quick;
// Another checkout or build of the framework (with bin/ and dist/) to measure instead of this one.
const appRoot = flags["app-root"] ? resolve(flags["app-root"]) : repo;
// A second build measured in the same rounds as "app-b": before/after a change.
const compareRoot = flags.compare ? resolve(flags.compare) : undefined;
const PLAN = {
  main: { rounds: quick ? 1 : 5, sliceS: quick ? 2 : 6, warmupS: quick ? 1 : 3, connections: 50 },
  info: { rounds: quick ? 1 : 3, sliceS: quick ? 2 : 5, warmupS: quick ? 1 : 2, connections: 50 },
  large: { rounds: quick ? 2 : 4, sliceS: quick ? 2 : 4, warmupS: quick ? 0 : 2, connections: 4 },
  cliRuns: quick ? 2 : 10,
  queue: { sliceS: quick ? 3 : 5, warmupS: 1, connections: 50, workerS: quick ? 3 : 5, fillMaxS: quick ? 10 : 60 },
};
if (flags.rounds)
  for (const phase of [PLAN.main, PLAN.info, PLAN.large]) phase.rounds = Math.max(1, Number(flags.rounds) || 1);
const skip = new Set(flags.skip.split(",").filter(Boolean)); // main, info, large, cli, queue
if (flags["queue-only"]) for (const phase of ["main", "info", "large", "cli"]) skip.add(phase);
const progress = (line) => process.stderr.write(`[bench] ${line}\n`);

const tmp = mkdtempSync(join(tmpdir(), "app-bench-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true })); // also after Ctrl-C
try {
  await main();
} catch (error) {
  progress(`failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  killAll();
  rmSync(tmp, { recursive: true, force: true });
}

async function main() {
  if (!existsSync(join(bench, "node_modules/autocannon"))) {
    throw new Error("bench/ has no dependencies installed: run `npm ci --prefix bench` (or `npm run bench`) first.");
  }
  const started = Date.now();
  const machine = describeMachine();
  const build = flags["no-build"] || appRoot !== repo ? undefined : await buildFramework(repo);
  if (build)
    progress(
      build.ok
        ? `built the framework in ${build.ms} ms`
        : `tsc reported errors (dist/ is still used if it was emitted):\n${build.output}`,
    );

  const secret = randomBytes(32).toString("hex");
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? tmp,
    NODE_ENV: "production",
    LOG_FORMAT: "json",
    APP_ID: "1",
    PRIVATE_KEY: privateKey,
    WEBHOOK_SECRET: secret,
  };
  const payloads = {};
  for (const [name, bytes] of [
    ["small", SMALL_PAYLOAD_BYTES],
    ["large", LARGE_PAYLOAD_BYTES],
  ]) {
    const body = buildPayload(bytes);
    const file = join(tmp, `${name}.json`);
    writeFileSync(file, body);
    payloads[name] = {
      file,
      headers: {
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": randomUUID(),
        "x-hub-signature-256": signBody(secret, body),
      },
    };
  }

  const only = flags.only ? new Set(["floor", ...flags.only.split(",")]) : undefined;
  // Where the "OpenTelemetry on" row exports; in this process, which is not measured.
  const sink = await startOtlpSink();
  const all = listServers({ bench, appRoot, compareRoot, otlpEndpoint: sink.url });
  const defs = all.filter((def) => !def.missing && (!only || only.has(def.id)));
  for (const def of all.filter((each) => each.missing)) progress(`leaving out ${def.label}: ${def.missing}`);
  const logDir = join(bench, "results/logs");
  mkdirSync(logDir, { recursive: true });
  const serverOptions = { cwd: bench, env, logDir };
  const results = {
    date: new Date().toISOString(),
    machine,
    framework: describeCheckout(appRoot),
    compare: compareRoot && describeCheckout(compareRoot),
    plan: PLAN,
    build,
    left_out: all.filter((def) => def.missing).map(({ id, missing }) => ({ id, missing })),
  };
  progress("the machine's own stalls, idle, 5 s");
  results.idleStall = await measureStalls(5000);
  const cpuBefore = readCpuCounters();

  if (!skip.has("main") || !skip.has("large")) {
    const servers = await startServers(defs, { ...serverOptions, logLevel: "warn" });
    try {
      if (!skip.has("main")) {
        progress(`12 KiB payload, ${PLAN.main.connections} connections, LOG_LEVEL=warn`);
        const slices = await runRounds(servers, {
          ...PLAN.main,
          ...payloads.small,
          bodyFile: payloads.small.file,
          progress,
        });
        for (const server of servers) server.hwm = memory(server.pid).hwm;
        results.main = summarizePhase(servers, slices);
      }
      if (!skip.has("large")) {
        progress(`1 MiB payload, ${PLAN.large.connections} connections, LOG_LEVEL=warn`);
        const slices = await runRounds(servers, {
          ...PLAN.large,
          ...payloads.large,
          bodyFile: payloads.large.file,
          progress,
        });
        for (const server of servers) server.hwm = memory(server.pid).hwm;
        results.large = summarizePhase(servers, slices);
      }
    } finally {
      await stopServers(servers);
    }
  }
  if (!skip.has("info")) {
    const servers = await startServers(
      defs.filter((def) => def.id === "floor" || def.logs),
      { ...serverOptions, logLevel: "info" },
    );
    try {
      progress(`12 KiB payload, ${PLAN.info.connections} connections, LOG_LEVEL=info`);
      const slices = await runRounds(servers, {
        ...PLAN.info,
        ...payloads.small,
        bodyFile: payloads.small.file,
        progress,
      });
      for (const server of servers) server.hwm = memory(server.pid).hwm;
      results.info = summarizePhase(servers, slices);
    } finally {
      await stopServers(servers);
    }
  }
  if (results.main || results.large || results.info) results.load = cpuShare(cpuBefore, readCpuCounters());
  if (!skip.has("cli")) {
    const commands = listCliCommands({ bench, appRoot, payloadFile: payloads.small.file });
    const timings = await timeCommands(
      commands.filter((command) => !command.missing),
      {
        cwd: bench,
        env: { ...env, LOG_LEVEL: "warn" },
        runs: PLAN.cliRuns,
        markFile: join(tmp, "mark"),
        progress,
      },
    );
    results.cli = commands.map(({ id, label, missing }) =>
      missing ? { id, label, missing } : { id, label, ...timings.get(id) },
    );
  }
  results.otlpSink = sink.stats();
  await sink.close();
  if (!skip.has("queue")) {
    progress("queue mode: acknowledgements, a 2 s handler, worker throughput (redis-server)");
    results.queue = await runQueueBench({
      bench,
      appRoot,
      env,
      logDir,
      plan: PLAN.queue,
      payload: payloads.small,
      progress,
    });
  }
  results.totalS = Math.round((Date.now() - started) / 1000);
  const markdown = [renderResults(results), renderQueueResults(results.queue)].filter(Boolean).join("\n\n");
  const resultsDir = join(bench, "results");
  const stamp = results.date.replaceAll(":", "-").replace(/\..*/, "");
  writeFileSync(join(resultsDir, `${stamp}.json`), JSON.stringify(results, null, 2));
  writeFileSync(join(resultsDir, "latest.md"), markdown);
  process.stdout.write(`${markdown}\n`);
  const invalid = [
    ...(results.main ?? []),
    ...(results.info ?? []),
    ...(results.large ?? []),
    ...(results.queue?.rows ?? []).map((row) => ({ ...row, handledOk: true })),
  ]
    .filter((row) => !row.handledOk || row.non2xx + row.errors > 0)
    .map((row) => row.id);
  const failedCli = (results.cli ?? []).filter((result) => result.failure).map((result) => result.id);
  if (invalid.length + failedCli.length > 0) {
    progress(
      `invalid: ${[...new Set([...invalid, ...failedCli])].join(", ")} (non-2xx answers, errors, a handler count that is not one per 2xx, or a failed command)`,
    );
    process.exitCode = 1;
  }
  progress(`done in ${results.totalS} s; results in bench/results/${stamp}.json and bench/results/latest.md`);
}
