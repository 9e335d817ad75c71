import * as Flags from "@oclif/core/flags";
import { AppCommand } from "../../src/cli/app-command.js";
import { queueLocation, queueLocationFlags, type QueueLocation } from "../../src/cli/deliveries-flags.js";
import { GITHUB_API_URL } from "../../src/options/platform-urls.js";
import { openFailedDeliveries, type FailedDelivery } from "../../src/queue/failed-deliveries.js";

export default class DeliveriesFailed extends AppCommand {
  static override summary = "List the deliveries whose handlers still failed after every attempt (queue mode).";

  static override description =
    "Reads the failed set of the delivery queue in REDIS_URL: each delivery's id, event, attempts and last " +
    "error (scrubbed of secrets). Queue them again with `app deliveries retry`. See docs/queue.md.";

  static override examples = [
    "<%= config.bin %> <%= command.id %>",
    "<%= config.bin %> <%= command.id %> --json | jq -r '.[].id'",
  ];

  static override flags = {
    ...queueLocationFlags,
    json: Flags.boolean({ summary: "Print a JSON array: id, event, attempts, error, failedAt." }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(DeliveriesFailed);
    const location = await queueLocation(flags, "app deliveries failed");
    const failed = await openFailedDeliveries(location);
    try {
      const deliveries = await failed.list();
      // An empty list may be the wrong queue (another --app-id or --base-url than app run's): name those that are not.
      const elsewhere = deliveries.length === 0 ? otherQueuesNote(failed.name, await failed.othersWithFailures()) : "";
      if (flags.json) {
        this.log(JSON.stringify(deliveries, null, 2));
        if (elsewhere) process.stderr.write(`${elsewhere}\n`);
      } else this.log(deliveries.length > 0 ? formatTable(deliveries) : elsewhere || noneIn(location));
    } finally {
      await failed.close();
    }
  }
}

/** Each app and platform has its own queue: an empty one may be another's, so it is named. */
function noneIn({ appId, baseUrl }: QueueLocation): string {
  const host = new URL(baseUrl ?? GITHUB_API_URL).host;
  return appId === "token"
    ? `No failed deliveries in the queue of a token (no APP_ID) on ${host}. An app's deliveries are in its own queue: pass --app-id or set APP_ID.`
    : `No failed deliveries in the queue of app ${appId} on ${host}.`;
}

function formatTable(deliveries: FailedDelivery[]): string {
  const rows = [
    ["ID", "EVENT", "ATTEMPTS", "FAILED AT", "LAST ERROR"],
    ...deliveries.map((d) => [d.id, d.event, String(d.attempts), d.failedAt ?? "", firstLine(d.error)]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  "),
  );
  return [
    ...lines,
    "",
    `${deliveries.length} failed; queue them again with: app deliveries retry ID... (or --all)`,
  ].join("\n");
}

function firstLine(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

function otherQueuesNote(name: string, others: Array<{ name: string; failed: number }>): string {
  if (others.length === 0) return "";
  const listed = others.map((other) => `${other.name} (${other.failed} failed)`).join(", ");
  return (
    `No failed deliveries in the queue ${name}. Other delivery queues in this Redis have some: ${listed}.\n` +
    "A queue is named deliveries-<platform>_<app id>: pass the --app-id and --base-url (or GHE_HOST) that app run uses."
  );
}
