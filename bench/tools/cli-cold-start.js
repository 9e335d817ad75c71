// Only the CLI cold-start section of `npm run bench`, for quick iterations on
// start-up: `node bench/tools/cli-cold-start.js [runs]` (default 20). Probot's
// rows appear when bench/node_modules has it (npm ci --prefix bench). With
// BENCH_COMPARE_ROOT=<another built checkout> its commands are timed in the
// same rounds, for a before/after.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listCliCommands, timeCommands } from "../lib/cold-start.js";
import { cliTable } from "../lib/report.js";

const bench = join(dirname(fileURLToPath(import.meta.url)), "..");
const appRoot = join(bench, "..");
const runs = Number(process.argv[2] ?? 20);
const tmp = mkdtempSync(join(tmpdir(), "cli-cold-start-"));
const payloadFile = join(tmp, "payload.json");
writeFileSync(
  payloadFile,
  JSON.stringify({
    action: "opened",
    issue: { number: 1 },
    repository: { name: "r", owner: { login: "o" } },
    installation: { id: 1 },
  }),
);
try {
  const commands = listCliCommands({ bench, appRoot, payloadFile, compareRoot: process.env.BENCH_COMPARE_ROOT }).filter(
    (command) => !command.missing && !command.unavailable,
  );
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", GITHUB_TOKEN: "bench-token" };
  const timings = await timeCommands(commands, { cwd: bench, env, runs, markFile: join(tmp, "mark") });
  const results = commands.map(({ id, label }) => ({ id, label, ...timings.get(id) }));
  process.stdout.write(`${cliTable(results)}\n`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
