// CPU time (user + system) of `await import(<module>)` in a fresh Node process, median of
// --runs runs per module, the modules' runs interleaved so that they share the machine's state.
//   node bench/tools/import-cpu.js [--runs=5] [module ...]
// A module is a path (e.g. a copy of an older dist/src/index.js) or a package name; by default
// this checkout's root entry and bare @octokit/webhooks, the floor.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith("--runs="))?.slice(7) ?? 5);
const modules = args.filter((arg) => !arg.startsWith("--"));
if (modules.length === 0) modules.push("dist/src/index.js", "@octokit/webhooks");
const specifier = (module) =>
  /^[./]/.test(module) || module.endsWith(".js") ? pathToFileURL(resolve(module)).href : module;

const SCRIPT = `const start = process.cpuUsage();
await import(process.env.MODULE);
const { user, system } = process.cpuUsage(start);
process.stdout.write(String((user + system) / 1000));`;

const times = new Map(modules.map((module) => [module, []]));
for (let run = 0; run < runs; run++) {
  for (const module of modules) {
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", SCRIPT], {
      env: { ...process.env, MODULE: specifier(module) },
      encoding: "utf8",
    });
    times.get(module).push(Number(output));
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [module, values] of times) {
  console.log(`${module}: median ${median(values).toFixed(1)} ms CPU (${values.map((v) => v.toFixed(0)).join(", ")})`);
}
