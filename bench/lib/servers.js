import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The servers under test. Each entry says how to start it as its own process
 * and whether it can run here; add one to compare another framework. All of
 * them serve `POST /api/github/webhooks` and count handler runs through
 * `apps/counter.js`. `floor` must stay: every ratio is taken against it.
 * `otlpEndpoint` adds the framework again with OpenTelemetry on, exporting
 * there ("app-otel"): the cost of tracing against "app" in the same rounds.
 * `compareRoot` adds a second build of the framework ("app-b") to the same
 * rounds, for a before/after comparison of a change.
 *
 * @example
 * const servers = listServers({ bench, appRoot }).filter((server) => !server.missing);
 */
export function listServers({ bench, appRoot, compareRoot, otlpEndpoint }) {
  const probotBin = join(bench, "node_modules/probot/bin/probot.js");
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
    frameworkServer("app", "gh-app-kit (`app run`)", appRoot, bench),
    ...(otlpEndpoint
      ? [
          {
            ...frameworkServer(
              "app-otel",
              "gh-app-kit, OpenTelemetry on (OTLP/protobuf to a local sink)",
              appRoot,
              bench,
            ),
            // Defaults otherwise: spans in batches every 5 s, metrics every 60 s.
            env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint },
          },
        ]
      : []),
    ...(compareRoot ? [frameworkServer("app-b", "gh-app-kit B (`--compare`)", compareRoot, bench)] : []),
  ];
}

function frameworkServer(id, label, root, bench) {
  return {
    id,
    label,
    version: versionOf(join(root, "package.json")),
    logs: true,
    args: [join(root, "bin/run.js"), "run", join(bench, "apps/noop.js")],
    missing: existsSync(join(root, "dist/commands/run.js"))
      ? undefined
      : `\`app run\` is not built in ${root} (dist/commands/run.js is missing)`,
  };
}

function versionOf(packageJson) {
  try {
    return JSON.parse(readFileSync(packageJson, "utf8")).version;
  } catch {
    return "?";
  }
}
