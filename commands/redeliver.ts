import * as Flags from "@oclif/core/flags";
import { AppCommand } from "../src/cli/app-command.js";
import { credentialFlags } from "../src/cli/flags.js";
import { hostOverrides } from "../src/cli/host-overrides.js";
import { AppError } from "../src/errors.js";
import { parseDuration } from "../src/redeliver/parse-duration.js";
import type { Undelivered } from "../src/redeliver/find-undelivered.js";
import { MAX_REDELIVER_WINDOW_MS } from "../src/redeliver/redeliver-failed.js";
import { runRedeliver } from "../src/redeliver/run-redeliver.js";

// No --token: a token can neither list the app's deliveries nor ask for them again; only its JWT can.
const { token: _token, ...appCredentialFlags } = credentialFlags;

export default class Redeliver extends AppCommand {
  static override summary = "Ask the platform to redeliver the webhook deliveries your app did not take.";

  static override description = [
    "Lists the app's deliveries with its JWT (GET /app/hook/deliveries), groups the attempts by delivery (guid), and " +
      "for each delivery of the window that no attempt answered with a 2xx, asks for one more attempt. The platform " +
      "keeps deliveries for 3 days. With Redis or queue mode, a redelivered delivery that did arrive is never handled twice.",
    "Exits 0 when every request succeeded, 1 when a platform call failed. See docs/redelivery.md.",
  ].join("\n\n");

  static override examples = [
    { description: "Redeliver what failed in the last 24 hours:", command: "<%= config.bin %> <%= command.id %>" },
    {
      description: "See what failed in the last 3 days, without redelivering:",
      command: "<%= config.bin %> <%= command.id %> --since 3d --dry-run",
    },
    { description: "For a script:", command: "<%= config.bin %> <%= command.id %> --since 6h --json" },
  ];

  static override flags = {
    ...appCredentialFlags,
    since: Flags.string({
      default: "24h",
      summary: "How far back to look: 30m, 6h, 24h, 3d (at most 3d).",
      helpValue: "DURATION",
    }),
    "dry-run": Flags.boolean({ summary: "Print what would be redelivered; ask for nothing." }),
    json: Flags.boolean({ summary: "Print the report as JSON." }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Redeliver);
    const sinceMs = parseDuration(flags.since, "--since");
    if (sinceMs > MAX_REDELIVER_WINDOW_MS) {
      throw new AppError(
        "OPTION_INVALID",
        `--since must be at most 3d: the platform keeps deliveries for 3 days, got "${flags.since}".`,
      );
    }
    const report = await runRedeliver({
      env: process.env,
      cwd: process.cwd(),
      sinceMs,
      dryRun: flags["dry-run"],
      overrides: hostOverrides(flags),
    });
    if (flags.json) this.log(JSON.stringify(report, null, 2));
    else {
      const verb = report.dryRun ? "Would redeliver" : "Redelivered";
      for (const delivery of report.redelivered) this.log(`${verb} ${delivery.guid}  ${label(delivery)}`);
      for (const delivery of report.failed)
        this.logToStderr(`Could not redeliver ${delivery.guid}  ${label(delivery)}: ${delivery.error}`);
      if (!report.error) {
        this.log(
          `${report.redelivered.length} of ${report.checked} deliveries since ${report.since} had no 2xx attempt` +
            (report.dryRun ? " (dry run: nothing was asked for)." : "."),
        );
      }
    }
    if (report.error) {
      throw new AppError("PLATFORM_REQUEST_FAILED", report.error, {
        hint: "Check APP_ID and the private key, and that the platform is reachable.",
      });
    }
    if (report.failed.length > 0) this.exit(1);
  }
}

function label(delivery: Undelivered): string {
  const event = delivery.action ? `${delivery.event}.${delivery.action}` : delivery.event;
  const app = delivery.registration
    ? `app ${delivery.registration.appId}${delivery.registration.name ? ` ("${delivery.registration.name}")` : ""}, `
    : "";
  return `${app}${event}, first attempt ${delivery.deliveredAt}, last status ${delivery.statusCode || "none"}`;
}
