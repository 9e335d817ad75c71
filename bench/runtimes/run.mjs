// Bundle size and cold start to the first answered delivery: the framework against a one-file
// baseline with bare @octokit/webhooks, on Workers (workerd through Miniflare) and on Node, in the
// same run, rounds alternating. Needs test/runtimes/.deps installed (npm ci --prefix test/runtimes/.deps).
//   node bench/runtimes/run.mjs [--rounds=5] [--compare=path/to/worker.js]
// --compare adds a Worker bundled earlier (e.g. the framework's Worker from another commit, kept from
// `wrangler deploy --dry-run --outdir`) to the same rounds, for before/after figures.
import { execFile, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { cp, readFile, stat } from "node:fs/promises";
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
  await mf.dispose();
  if (status !== 200) throw new Error(`worker answered ${status}`);
  return ms;
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
  child.kill("SIGKILL");
  if (response.status !== 200) throw new Error(`${script} answered ${response.status}`);
  return ms;
}

const times = {
  worker: { framework: [], baseline: [], octokit: [], compare: [] },
  node: { framework: [], baseline: [] },
};
const names = ["framework", "baseline", "octokit", ...(compare ? ["compare"] : [])];
for (let round = 0; round < rounds + 1; round++) {
  // The first round warms the disk cache and is left out.
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const which of order) {
    if (which === "octokit" || which === "compare") {
      const w = await workerColdStart(workers[which]);
      if (round > 0) times.worker[which].push(w);
      continue;
    }
    const w = await workerColdStart(workers[which]).catch((error) => {
      console.error(`The ${which} Worker failed: ${error.message}`);
      return Number.NaN;
    });
    const n = await nodeColdStart(which === "framework" ? "app-node.mjs" : "baseline-node.mjs");
    if (round > 0) {
      times.worker[which].push(w);
      times.node[which].push(n);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const row = (label, a, b, unit) => `| ${label} | ${unit(a)} | ${unit(b)} | ${(a / b).toFixed(2)}× |`;
const ms = (value) => `${value.toFixed(0)} ms`;
console.log(`Rounds: ${rounds} (medians), ${new Date().toISOString()}\n`);
console.log("| measure | framework | baseline | ratio |\n|---|---|---|---|");
console.log(row("Worker bundle", workers.framework.bytes, workers.baseline.bytes, kib));
console.log(row("Worker bundle, gzip", workers.framework.gzip, workers.baseline.gzip, kib));
console.log(
  row(
    "Worker cold start to the first answered delivery",
    median(times.worker.framework),
    median(times.worker.baseline),
    ms,
  ),
);
console.log(
  row("Node start to the first answered delivery", median(times.node.framework), median(times.node.baseline), ms),
);
console.log(
  "\nThe same Worker measures against the hand-written Worker with the same Octokit parts (baseline-octokit-worker.mjs):\n",
);
console.log("| measure | framework | Octokit Worker | ratio |\n|---|---|---|---|");
console.log(row("Worker bundle", workers.framework.bytes, workers.octokit.bytes, kib));
console.log(row("Worker bundle, gzip", workers.framework.gzip, workers.octokit.gzip, kib));
console.log(
  row(
    "Worker cold start to the first answered delivery",
    median(times.worker.framework),
    median(times.worker.octokit),
    ms,
  ),
);
if (compare) {
  console.log(`\nThe framework's Worker against ${compare}, in the same rounds:\n`);
  console.log("| measure | framework | compared | ratio |\n|---|---|---|---|");
  console.log(row("Worker bundle", workers.framework.bytes, workers.compare.bytes, kib));
  console.log(row("Worker bundle, gzip", workers.framework.gzip, workers.compare.gzip, kib));
  console.log(
    row(
      "Worker cold start to the first answered delivery",
      median(times.worker.framework),
      median(times.worker.compare),
      ms,
    ),
  );
  console.log(
    row("The compared Worker against bare webhooks, bundle", workers.compare.bytes, workers.baseline.bytes, kib),
  );
  console.log(
    row(
      "The compared Worker against bare webhooks, cold start",
      median(times.worker.compare),
      median(times.worker.baseline),
      ms,
    ),
  );
}
console.log(
  `\nAll times (ms): ${JSON.stringify(times, (key, value) => (typeof value === "number" ? Math.round(value) : value))}`,
);
