#!/usr/bin/env node
// `app --version` answers here, without loading oclif: it is the command
// scripts and CI run most, and oclif's configuration alone costs more than
// Node's own start. Same line as oclif prints.
const [command, ...rest] = process.argv.slice(2);
if (command !== "run" && command !== "worker") {
  // Standard output closed by its reader (`app receive ... | head -1`): end as a Unix tool ends on
  // SIGPIPE, which Node ignores. Without this, every later line fails to write, the failure is
  // logged to the same closed output, and the process spins.
  process.stdout.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}
if (command === "run" || command === "worker") {
  // A rollout may stop the process as soon as it starts: a signal while the
  // command loads, before it catches signals itself (src/run/handle-signals.ts
  // removes these), ends it cleanly, as nothing has started yet.
  const exitCleanly = () => process.exit(0);
  process.on("SIGINT", exitCleanly);
  process.on("SIGTERM", exitCleanly);
  globalThis[Symbol.for("gh-app-kit.loading-signals")] = () => {
    process.off("SIGINT", exitCleanly);
    process.off("SIGTERM", exitCleanly);
  };
}
// -V as well: Probot's command line (commander) takes it.
if ((command === "--version" || command === "-V") && rest.length === 0) {
  const { readFileSync } = await import("node:fs");
  const { name, version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${name}/${version} ${process.platform}-${process.arch} node-${process.version}\n`);
} else if (!(command === "receive" && (await receiveWithoutOclif(rest)))) {
  // The subpath, not the package root: the root also loads semver (to check
  // the Node version) and every part of oclif, which `app receive` never uses.
  const { execute } = await import("@oclif/core/execute");
  await execute({ dir: import.meta.url });
}

/**
 * `app receive` runs once per event in an Actions job: when its command line
 * is one oclif would accept as is, it runs without oclif (dist/node/fast-receive.js);
 * false when oclif must run it (help, a typo, a bad value, or not built).
 */
async function receiveWithoutOclif(args) {
  let fastReceive;
  try {
    // require() loads the same module instances as import() (an ES module,
    // Node 20.19+), in one synchronous pass instead of one turn per module:
    // a tenth of the start.
    const { createRequire } = await import("node:module");
    ({ fastReceive } = createRequire(import.meta.url)("../dist/node/fast-receive.js"));
  } catch {
    try {
      ({ fastReceive } = await import("../dist/node/fast-receive.js"));
    } catch {
      return false;
    }
  }
  return fastReceive(args, new URL("../oclif.manifest.json", import.meta.url));
}
