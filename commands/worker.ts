import * as Args from "@oclif/core/args";
import { AppCommand } from "../src/cli/app-command.js";
import { credentialFlags, logFlags } from "../src/cli/flags.js";
import { shutdownFlags, workerFlags } from "../src/cli/queue-flags.js";
import { runFlags } from "../src/cli/run-flags.js";
import { hostOverrides } from "../src/cli/host-overrides.js";
import { AppError } from "../src/errors.js";
import { runWorker } from "../src/run/run-worker.js";

export default class Worker extends AppCommand {
  static override summary = "Run queued deliveries through your apps' handlers (queue mode), without a server.";

  static override description = [
    "Loads .env and the apps as `app run` does, then takes deliveries from the queue in REDIS_URL that " +
      "`app run --queue redis` instances store, and runs their handlers with the same context and client. " +
      "Start as many as you need, on any machine that reaches Redis.",
    "SIGINT or SIGTERM takes no new deliveries and lets running handlers finish (10 s at most, --shutdown-grace), then exits 0; " +
      "a delivery still running then is run again by another worker. See docs/queue.md.",
  ].join("\n\n");

  static override examples = [
    {
      description: "Run the app in index.js from the queue in a local Redis, 20 deliveries at a time:",
      command:
        "<%= config.bin %> <%= command.id %> --redis-url redis://127.0.0.1:6379 --worker-concurrency 20 ./index.js",
    },
    {
      description: "With the settings in .env (APP_ID, PRIVATE_KEY_PATH, REDIS_URL), logging JSON:",
      command: "<%= config.bin %> <%= command.id %> --log-format json ./index.js",
    },
    {
      description:
        "Give running handlers up to 60 s to finish on SIGTERM (a deploy), then hand the rest back to the queue:",
      command: "<%= config.bin %> <%= command.id %> --shutdown-grace 60000 ./index.js",
    },
  ];

  static override strict = false;

  static override args = {
    app: Args.string({ description: "Path or package name of an app function (several may be given)." }),
  };

  static override flags = {
    ...credentialFlags,
    "redis-url": runFlags["redis-url"],
    "handler-deadline": runFlags["handler-deadline"],
    ...workerFlags,
    ...shutdownFlags,
    ...logFlags,
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Worker);
    const apps = argv.map(String);
    const unknown = apps.find((app) => app.startsWith("-"));
    if (unknown !== undefined) {
      throw new AppError("OPTION_INVALID", `Unknown flag ${unknown}.`, {
        hint: "See app worker --help for the flags.",
      });
    }
    await runWorker(apps, {
      env: process.env,
      cwd: process.cwd(),
      queue: { workerConcurrency: flags["worker-concurrency"] },
      graceMs: flags["shutdown-grace"],
      overrides: hostOverrides(flags),
    });
  }
}
