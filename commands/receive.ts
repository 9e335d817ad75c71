import * as Args from "@oclif/core/args";
import * as Flags from "@oclif/core/flags";
import { addUsageErrors, AppCommand } from "../src/cli/app-command.js";
import { credentialFlags, logFlags } from "../src/cli/flags.js";
import { AppError } from "../src/errors.js";
import { receive } from "../src/receive.js";

export default class Receive extends AppCommand {
  static override summary = "Deliver one recorded webhook event to apps, without a server.";

  // Whole paragraphs: oclif wraps them to the terminal's width.
  static override description = [
    "Reads the event's JSON payload from a file and runs the handlers of every APP in this process: no server, no signature. " +
      "Inside a GitHub Actions job -e and -p default to GITHUB_EVENT_NAME and GITHUB_EVENT_PATH.",
    "The handlers' API calls use --token, or the app id and private key; with neither they are unauthenticated.",
    "Exits 1 with the handler's message when a handler fails, 2 for a missing app file, a missing or invalid payload file or a mismatched action.",
  ].join("\n\n");

  static override examples = [
    {
      description: "Deliver a saved issues.opened event to the app in index.js:",
      command: "<%= config.bin %> <%= command.id %> -e issues.opened -p ./test/fixtures/issues.opened.json ./index.js",
    },
    {
      description: "In a GitHub Actions step, with the job's token and event:",
      command: '<%= config.bin %> <%= command.id %> --token "$GITHUB_TOKEN" ./index.js',
    },
    {
      description: "Several apps, as the app with id 123 and its private key:",
      command: "<%= config.bin %> <%= command.id %> -e push -p push.json -a 123 -P key.pem ./app-one.js ./app-two.js",
    },
  ];

  // Every argument is an app: oclif hands the whole list over in `argv`.
  static override strict = false;

  static override args = {
    app: Args.string({ description: "Path or package name of an app function (several may be given)." }),
  };

  static override flags = {
    event: Flags.string({
      char: "e",
      env: "GITHUB_EVENT_NAME",
      summary: "Event name, optionally with the action: issues or issues.opened.",
      helpValue: "EVENT[.ACTION]",
    }),
    "payload-path": Flags.string({
      char: "p",
      env: "GITHUB_EVENT_PATH",
      summary: "Path to the event's JSON payload file.",
      helpValue: "PATH",
    }),
    ...credentialFlags,
    ...logFlags,
  };

  async run(): Promise<void> {
    addUsageErrors("APP_FUNCTION_NOT_FOUND", "EVENT_ACTION_MISMATCH", "PAYLOAD_INVALID", "PAYLOAD_NOT_FOUND");
    const { argv, flags } = await this.parse(Receive);
    const apps = argv.map(String);
    const unknown = apps.find((app) => app.startsWith("-"));
    if (unknown !== undefined) {
      throw new AppError("OPTION_INVALID", `Unknown flag ${unknown}.`, { hint: "See app receive --help for the flags." });
    }
    await receive({
      event: flags.event,
      payloadPath: flags["payload-path"],
      apps,
      env: process.env,
      cwd: process.cwd(),
      token: flags.token,
      appId: flags["app-id"],
      privateKeyPath: flags["private-key"],
      baseUrl: flags["base-url"]?.href.replace(/\/$/, ""),
      logLevel: flags["log-level"],
      logFormat: flags["log-format"],
      logLevelInString: flags["log-level-in-string"],
      logMessageKey: flags["log-message-key"],
      sentryDsn: flags["sentry-dsn"],
    });
  }
}
