import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The servers under test. Each entry says how to start it as its own process
 * and whether it can run here; add one to compare another framework. All of
 * them serve `POST /api/github/webhooks` and count handler runs through
 * `apps/counter.js`. `floor` must stay: every ratio is taken against it.
 *
 * @example
 * const servers = listServers({ bench, appRoot }).filter((server) => !server.missing);
 */
export function listServers({ bench, appRoot }) {
  const probotBin = join(bench, "node_modules/probot/bin/probot.js");
  const appBin = join(appRoot, "bin/run.js");
  const appRun = join(appRoot, "dist/commands/run.js");
  return [
    {
      id: "floor",
      label: "raw node:http (floor)",
      version: process.version,
      logs: false,
      args: [join(bench, "servers/floor.js")],
    },
    {
      id: "webhooks",
      label: "bare @octokit/webhooks",
      version: versionOf(join(bench, "node_modules/@octokit/webhooks/package.json")),
      logs: false,
      args: [join(bench, "servers/octokit-webhooks.js")],
    },
    {
      id: "probot",
      label: "Probot",
      version: versionOf(join(bench, "node_modules/probot/package.json")),
      logs: true,
      args: [probotBin, "run", join(bench, "apps/probot-noop.js")],
      missing: existsSync(probotBin) ? undefined : "run `npm ci --prefix bench` first",
    },
    {
      id: "app",
      label: "app-framework (`app run`)",
      version: versionOf(join(appRoot, "package.json")),
      logs: true,
      args: [appBin, "run", join(bench, "apps/noop.js")],
      missing: existsSync(appRun) ? undefined : "`app run` is not built (dist/commands/run.js is missing)",
    },
  ];
}

function versionOf(packageJson) {
  try {
    return JSON.parse(readFileSync(packageJson, "utf8")).version;
  } catch {
    return "?";
  }
}
