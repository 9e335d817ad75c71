// Bundle size and cold start to the first answered delivery: the framework against a one-file
// baseline with bare @octokit/webhooks, on Workers (workerd through Miniflare) and on Node, in the
// same run, rounds alternating. Needs test/runtimes/.deps installed (npm ci --prefix test/runtimes/.deps).
//   node bench/runtimes/run.mjs [--rounds=5] [--compare=path/to/worker.js]
// --compare adds a Worker bundled earlier (e.g. the framework's Worker from another commit, kept from
// `wrangler deploy --dry-run --outdir`) to the same rounds, for before/after figures.
import { execFile, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { cp, readdir, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
const deps = join(repo, "test/runtimes/.deps");
const work = join(deps, "work");
const flag = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const rounds = Number(flag("rounds") ?? 5);
const compare = flag("compare");
const SECRET = "bench-secret";
const env = { APP_ID: "1", PRIVATE_KEY: "unused", WEBHOOK_SECRET: SECRET, BASE_URL: "http://127.0.0.1:9" };

// The packed package and the runtime tests' fixtures, as the tests install them.
await run(
  process.execPath,
  ["--import", "tsx", "-e", "await (await import('./test/runtimes/helpers/packed-fixture.ts')).preparePackedFixture()"],
  { cwd: repo },
);
const benchDir = join(work, "bench-runtimes");
await cp(here, benchDir, { recursive: true, force: true });

async function bundle(cwd, config, main) {
  const outdir = join(cwd, "dist-bench");
  await run(join(deps, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "-c", config], {
    cwd,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
  });
  const file = join(outdir, main);
  const code = await readFile(file);
  return { file, dir: outdir, bytes: code.length, gzip: gzipSync(code).length };
}

const workers = {
  framework: await bundle(join(work, "worker"), "wrangler.toml", "worker.js"),
  baseline: await bundle(benchDir, "wrangler-baseline.toml", "baseline-worker.js"),
  octokit: await bundle(benchDir, "wrangler-baseline-octokit.toml", "baseline-octokit-worker.js"),
};
if (compare) {
  const code = await readFile(compare);
  workers.compare = {
    file: resolve(compare),
    dir: dirname(resolve(compare)),
    bytes: code.length,
    gzip: gzipSync(code).length,
  };
}

function delivery() {
  const body = JSON.stringify({
    action: "labeled",
    issue: { number: 1 },
    repository: { name: "r", owner: { login: "o" } },
    installation: { id: 1 },
  });
  const headers = {
    "content-type": "application/json",
    "x-github-event": "issues",
    "x-github-delivery": "bench-1",
    "x-hub-signature-256": `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`,
  };
  return { method: "POST", headers, body };
}

/**
 * CPU time (ms) the live child processes of this process have used so far (all their threads), from
 * Linux's schedstat (nanoseconds); NaN elsewhere. The machine may be shared: CPU time is what the
 * runtime itself did, which waiting for a core does not stretch as it stretches wall time.
 */
async function childrenCpuMs() {
  let total = 0;
  try {
    for (const pid of await readdir("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== process.pid) continue;
      for (const task of await readdir(`/proc/${pid}/task`).catch(() => [])) {
        const line = await readFile(`/proc/${pid}/task/${task}/schedstat`, "utf8").catch(() => "0");
        total += Number(line.split(" ")[0]) / 1e6;
      }
    }
  } catch {
    return Number.NaN;
  }
  return total;
}

const { Miniflare } = await import(pathToFileURL(join(deps, "node_modules/miniflare/dist/src/index.js")).href);
async function workerColdStart({ file, dir }) {
  const started = performance.now();
  const mf = new Miniflare({
    modules: [{ type: "ESModule", path: file }],
    modulesRoot: dir,
    cf: false,
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    bindings: env,
  });
  await mf.ready;
  const response = await mf.dispatchFetch("http://127.0.0.1/api/github/webhooks", delivery());
  const status = response.status;
  await response.text();
  const ms = performance.now() - started;
  // workerd is Miniflare's child; it is the only child alive while it runs.
  const cpu = await childrenCpuMs();
  await mf.dispose();
  if (status !== 200) throw new Error(`worker answered ${status}`);
  return { ms, cpu };
}

async function nodeColdStart(script) {
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: benchDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (found) resolve(found[0]);
    });
    child.on("exit", (code) => reject(new Error(`${script} exited ${code}`)));
  });
  const response = await fetch(`${url}/api/github/webhooks`, delivery());
  await response.text();
  const ms = performance.now() - started;
  const cpu = await childrenCpuMs();
  child.kill("SIGKILL");
  await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve()));
  if (response.status !== 200) throw new Error(`${script} answered ${response.status}`);
  return { ms, cpu };
}

const times = {
  worker: { framework: [], baseline: [], octokit: [], compare: [] },
  node: { framework: [], baseline: [], octokit: [] },
};
const NODE_SCRIPTS = {
  framework: "app-node.mjs",
  baseline: "baseline-node.mjs",
  octokit: "baseline-octokit-node.mjs",
};
const failed = { ms: Number.NaN, cpu: Number.NaN };
const names = ["framework", "baseline", "octokit", ...(compare ? ["compare"] : [])];
for (let round = 0; round < rounds + 1; round++) {
  // The first round warms the disk cache and is left out.
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const which of order) {
    const w = await workerColdStart(workers[which]).catch((error) => {
      console.error(`The ${which} Worker failed: ${error.message}`);
      return failed;
    });
    if (round > 0) times.worker[which].push(w);
    if (which === "compare") continue;
    const n = await nodeColdStart(NODE_SCRIPTS[which]);
    if (round > 0) times.node[which].push(n);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value) => `${value.toFixed(0)} ms`;
const row = (label, a, b, unit) => `| ${label} | ${unit(a)} | ${unit(b)} | ${(a / b).toFixed(2)}× |`;
const timeRows = (label, a, b) => [
  row(`${label}, wall`, median(a.map((t) => t.ms)), median(b.map((t) => t.ms)), ms),
  row(`${label}, CPU of the runtime`, median(a.map((t) => t.cpu)), median(b.map((t) => t.cpu)), ms),
];
function table(title, other, label) {
  console.log(`\n${title}\n\n| measure | framework | ${label} | ratio |\n|---|---|---|---|`);
  console.log(row("Worker bundle", workers.framework.bytes, workers[other].bytes, kib));
  console.log(row("Worker bundle, gzip", workers.framework.gzip, workers[other].gzip, kib));
  for (const line of timeRows(
    "Worker cold start to the first answered delivery",
    times.worker.framework,
    times.worker[other],
  )) {
    console.log(line);
  }
}
console.log(`Rounds: ${rounds} (medians), ${new Date().toISOString()}`);
table("Against the one-file Worker with bare @octokit/webhooks (baseline-worker.mjs):", "baseline", "baseline");
for (const line of timeRows("Node start to the first answered delivery", times.node.framework, times.node.baseline)) {
  console.log(line);
}
table(
  "Against the hand-written Worker with the same Octokit parts (baseline-octokit-worker.mjs):",
  "octokit",
  "Octokit Worker",
);
console.log("\nOn Node, against node:http with the same Octokit parts (baseline-octokit-node.mjs):\n");
console.log("| measure | framework | Octokit server | ratio |\n|---|---|---|---|");
for (const line of timeRows("Node start to the first answered delivery", times.node.framework, times.node.octokit)) {
  console.log(line);
}
if (compare) {
  table(`Against ${compare}, in the same rounds:`, "compare", "compared");
  console.log(
    row("The compared Worker's bundle against bare webhooks", workers.compare.bytes, workers.baseline.bytes, kib),
  );
  for (const line of timeRows(
    "The compared Worker against bare webhooks",
    times.worker.compare,
    times.worker.baseline,
  )) {
    console.log(line);
  }
}
const round = (key, value) => (typeof value === "number" ? Math.round(value) : value);
console.log(`\nAll times (ms, wall and CPU): ${JSON.stringify(times, round)}`);
