import * as Flags from "@oclif/core/flags";
import { addUsageErrors, AppCommand } from "../src/cli/app-command.js";
import { runSetup } from "../src/setup-wizard/run-setup.js";

export default class Setup extends AppCommand {
  static override summary = "Write the app's credentials and settings to .env, asking for what is missing.";

  // Whole paragraphs: oclif wraps them to the terminal's width.
  static override description = [
    "Shows which private key is in use (--private-key, PRIVATE_KEY or PRIVATE_KEY_PATH) and checks it, then asks for " +
      "the public address (PROJECT_DOMAIN, written only when given), the app id, the webhook secret (offering a strong " +
      "random one) and the webhook proxy URL. Answers are written to .env in the working folder, readable only by you; " +
      "other lines stay as they are.",
    "Values given as flags are not asked for. Without a terminal, or with --yes, nothing is asked: the defaults are " +
      "taken with --yes, and the command exits 2 naming the flags of the values still missing.",
  ].join("\n\n");

  static override examples = [
    {
      description: "Answer the questions in the terminal:",
      command: "<%= config.bin %> <%= command.id %>",
    },
    {
      description: "In a script: give the app id and the key, take a random secret and the other defaults:",
      command: "<%= config.bin %> <%= command.id %> --yes --app-id 123456 --private-key ./my-app.private-key.pem",
    },
    {
      description: "Every value as a flag:",
      command:
        '<%= config.bin %> <%= command.id %> -a 123456 -W "$SECRET" --domain https://app.example.com -Y https://smee.io/abc123',
    },
  ];

  static override flags = {
    "app-id": Flags.integer({ char: "a", min: 1, summary: "ID of the GitHub App (APP_ID).", helpValue: "ID" }),
    "private-key": Flags.file({
      char: "P",
      exists: true,
      summary: "Path to the app's private key (.pem), written as PRIVATE_KEY_PATH.",
      helpValue: "PATH",
    }),
    secret: Flags.string({
      char: "W",
      summary: "Webhook secret (WEBHOOK_SECRET); default: a random one.",
      helpValue: "SECRET",
    }),
    domain: Flags.string({
      summary:
        "Public address of the app (PROJECT_DOMAIN); written only when given (the server otherwise shows http://localhost:<its port>).",
      helpValue: "URL",
    }),
    "webhook-proxy": Flags.string({
      char: "Y",
      summary: "Webhook proxy URL, e.g. from https://smee.io/new (WEBHOOK_PROXY_URL).",
      helpValue: "URL",
    }),
    yes: Flags.boolean({ char: "y", summary: "Ask nothing: take the defaults for values not given." }),
  };

  async run(): Promise<void> {
    addUsageErrors("INPUT_REQUIRED");
    const { flags } = await this.parse(Setup);
    await runSetup({
      values: {
        APP_ID: flags["app-id"]?.toString(),
        PROJECT_DOMAIN: flags.domain,
        WEBHOOK_SECRET: flags.secret,
        WEBHOOK_PROXY_URL: flags["webhook-proxy"],
      },
      privateKeyPath: flags["private-key"],
      yes: flags.yes,
      interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
      cwd: process.cwd(),
      env: process.env,
      print: (line) => this.log(line),
      warn: (line) => this.warn(line),
    });
  }
}
