// Runs shell commands at the same time, for `npm test`: the checks (type-check, lint) beside the
// tests, which mostly wait on the processes they spawn. The last command's output is shown as it
// comes; each other command's output is held and shown whole when it ends, under its name.
// Exits with the first failing command's code (in the order given) once all have ended, so a
// failing check fails `npm test` as before.
//
// Usage: node scripts/run-together.mjs "tsc -p test" "npm run lint" "mocha 'test/**/*.test.ts'"
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('Usage: node scripts/run-together.mjs "command" ... "main command (its output shown live)"');
  process.exit(2);
}

/** Runs one command; resolves with its exit code (1 for a signal or a failure to start). */
function run(command, live) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: live ? "inherit" : ["ignore", "pipe", "pipe"] });
    const chunks = [];
    let done = false;
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    const finish = (code) => {
      if (done) return;
      done = true;
      if (!live) {
        const output = Buffer.concat(chunks).toString("utf8").trimEnd();
        const status = code === 0 ? "passed" : `failed (exit ${code})`;
        process.stderr.write(`\n--- ${command}: ${status}${output ? "\n" + output : ""}\n`);
      }
      resolve(code);
    };
    child.on("error", (error) => {
      chunks.push(Buffer.from(String(error)));
      finish(1);
    });
    child.on("close", (code) => finish(code ?? 1));
  });
}

const codes = await Promise.all(commands.map((command, index) => run(command, index === commands.length - 1)));
const failed = codes.findIndex((code) => code !== 0);
if (failed !== -1) {
  process.stderr.write(`\n${commands[failed]} failed (exit ${codes[failed]}).\n`);
  process.exit(codes[failed]);
}
