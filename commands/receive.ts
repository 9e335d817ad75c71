import * as Args from "@oclif/core/args";
import * as Flags from "@oclif/core/flags";
import { AppCommand } from "../src/cli/app-command.js";
import { credentialFlags, logFlags } from "../src/cli/flags.js";
import { runReceive } from "../src/cli/run-receive.js";
import { ENV_BINDINGS } from "../src/options/read-env-options.js";

export default class Receive extends AppCommand {
  static override summary = "Deliver one recorded webhook event to apps, without a server.";

  // Whole paragraphs: oclif wraps them to the terminal's width.
  static override description = [
    "Reads the event's JSON payload from a file and runs the handlers of every APP in this process: no server, no signature. " +
      "Inside a GitHub Actions job -e and -p default to GITHUB_EVENT_NAME and GITHUB_EVENT_PATH, and the API to GITHUB_API_URL (--base-url and GHE_HOST win).",
    "The handlers' API calls use --token, or the app id and private key. With neither, or with --dry-run, nothing is sent: " +
      "each request is printed (method, URL, body) and answered here, reads with 404 (so context.config gives its defaults) " +
      "and writes with 201 {}. A closing line says what ran.",
    "Exits 1 with the handler's message when a handler fails, 2 for a missing app file, a missing or invalid payload file or a mismatched action.",
  ].join("\n\n");

  static override examples = [
    {
      description:
        "Run the app in index.js on a saved issues.opened event, printing its requests instead of sending them:",
      command:
        "<%= config.bin %> <%= command.id %> --dry-run -e issues.opened -p ./test/fixtures/issues.opened.json ./index.js",
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
      env: ENV_BINDINGS.eventName.variable,
      summary: "Event name, optionally with the action: issues or issues.opened.",
      helpValue: "EVENT[.ACTION]",
    }),
    "payload-path": Flags.string({
      char: "p",
      env: ENV_BINDINGS.eventPath.variable,
      summary: "Path to the event's JSON payload file.",
      helpValue: "PATH",
    }),
    "dry-run": Flags.boolean({
      summary: "Send nothing to the platform: print each request and answer it here (the default without credentials).",
    }),
    ...credentialFlags,
    ...logFlags,
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Receive);
    await runReceive(argv, flags);
  }
}
