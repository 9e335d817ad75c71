import * as Args from "@oclif/core/args";
import { addUsageErrors, AppCommand } from "../src/cli/app-command.js";
import { credentialFlags, logFlags } from "../src/cli/flags.js";
import { queueFlags, redeliverFlags, shutdownFlags } from "../src/cli/queue-flags.js";
import { runFlags } from "../src/cli/run-flags.js";
import { hostOverrides } from "../src/cli/host-overrides.js";
import { AppError } from "../src/errors.js";
import { run } from "../src/run/run.js";

export default class Run extends AppCommand {
  static override summary = "Start the server with the default app and your apps.";

  static override description = [
    "Loads .env from the working folder (variables already set win), then serves the webhook route, /ping, " +
      "the welcome page at /app and every APP's routes. APP is a file path or a package name resolved from the " +
      'working folder; package.json "app": { "apps": [...] } adds more.',
    "Without an app id or private key it starts in setup mode: open /app/setup to register a GitHub App (or " +
      "import one) and have its credentials written to .env. With NODE_ENV=production it exits 1 instead.",
    "SIGINT or SIGTERM stops accepting requests and lets running handlers finish (10 s at most), then exits 0; " +
      "a second signal exits at once (130 or 143). See docs/run.md.",
  ].join("\n\n");

  static override examples = [
    { description: "Run the app in index.js:", command: "<%= config.bin %> <%= command.id %> ./index.js" },
    {
      description: "Relay webhooks from a smee.io channel on port 8080:",
      command: "<%= config.bin %> <%= command.id %> -p 8080 -Y https://smee.io/AbC123 ./index.js",
    },
    {
      description: "Queue deliveries in Redis and serve HTTP only (run `app worker` elsewhere):",
      command:
        "<%= config.bin %> <%= command.id %> --redis-url redis://127.0.0.1:6379 --queue redis --no-worker ./index.js",
    },
    {
      description: "Two apps, as app 123 with its key, logging JSON:",
      command: "<%= config.bin %> <%= command.id %> -a 123 -P key.pem --log-format json ./app-one.js ./app-two.js",
    },
  ];

  // Every argument is an app: oclif hands the whole list over in `argv`.
  static override strict = false;

  static override args = {
    app: Args.string({ description: "Path or package name of an app function (several may be given)." }),
  };

  static override flags = {
    ...credentialFlags,
    ...runFlags,
    ...queueFlags,
    ...redeliverFlags,
    ...shutdownFlags,
    ...logFlags,
  };

  async run(): Promise<void> {
    addUsageErrors("APP_FUNCTION_NOT_FOUND");
    const { argv, flags } = await this.parse(Run);
    const apps = argv.map(String);
    const unknown = apps.find((app) => app.startsWith("-"));
    if (unknown !== undefined) {
      throw new AppError("OPTION_INVALID", `Unknown flag ${unknown}.`, { hint: "See app run --help for the flags." });
    }
    await run(apps, {
      env: process.env,
      cwd: process.cwd(),
      handlerTimeoutMs: flags["handler-timeout"],
      maxConcurrentDeliveries: flags["max-concurrent-deliveries"],
      maxConnections: flags["max-connections"],
      redeliverEvery: flags["redeliver-every"],
      graceMs: flags["shutdown-grace"],
      queue: {
        queue: flags.queue,
        worker: flags.worker,
        workerConcurrency: flags["worker-concurrency"],
        deliveryAttempts: flags["delivery-attempts"],
      },
      overrides: hostOverrides(flags),
    });
  }
}
