import * as Args from "@oclif/core/args";
import * as Flags from "@oclif/core/flags";
import { AppCommand } from "../src/cli/app-command.js";
import { credentialFlags, logFlags } from "../src/cli/flags.js";
import { runFlags } from "../src/cli/run-flags.js";
import { hostOverrides } from "../src/cli/host-overrides.js";
import { formatReport } from "../src/doctor/format-report.js";
import { runDoctor } from "../src/doctor/run-doctor.js";
import { AppError } from "../src/errors.js";

export default class Doctor extends AppCommand {
  static override summary = "Check the configuration `app run` would use, against the platform.";

  static override description = [
    "Resolves the configuration exactly as `app run` does (the same flags, .env and variables) and checks: the private " +
      "key is readable and belongs to the app id (GET /app), the clock agrees with the platform's, a webhook secret is " +
      "set and is not the development one, the events the APPs handle are subscribed to, the app has an installation a " +
      "token can be created for, and Redis (REDIS_URL) and the webhook proxy (WEBHOOK_PROXY_URL) answer when set.",
    "Prints one line per check (ok, warn or fail, and what to do), or JSON with --json. Nothing secret is printed. " +
      "Exits 0 when no check fails, 1 otherwise. See docs/observability.md.",
  ].join("\n\n");

  static override examples = [
    {
      description: "Check the app in index.js with the settings of .env:",
      command: "<%= config.bin %> <%= command.id %> ./index.js",
    },
    { description: "For a script or CI step:", command: "<%= config.bin %> <%= command.id %> --json ./index.js" },
  ];

  // Every argument is an app, as for `app run`.
  static override strict = false;

  static override args = {
    app: Args.string({ description: "Path or package name of an app function (several may be given)." }),
  };

  static override flags = {
    json: Flags.boolean({ summary: "Print the checks as JSON: { ok, checks: [{ id, status, message, fix }] }." }),
    ...credentialFlags,
    ...runFlags,
    ...logFlags,
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Doctor);
    const apps = argv.map(String);
    const unknown = apps.find((app) => app.startsWith("-"));
    if (unknown !== undefined) {
      throw new AppError("OPTION_INVALID", `Unknown flag ${unknown}.`, {
        hint: "See app doctor --help for the flags.",
      });
    }
    const report = await runDoctor({
      apps,
      env: process.env,
      cwd: process.cwd(),
      overrides: hostOverrides(flags),
    });
    process.stdout.write(formatReport(report, { json: flags.json }));
    // The apps loaded for the events check may hold timers or sockets open.
    this.exit(report.ok ? 0 : 1);
  }
}
