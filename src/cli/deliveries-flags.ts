import * as Flags from "@oclif/core/flags";

/** Where `app deliveries` finds the queue: the same variables as `app run`. */
export const queueLocationFlags = {
  "redis-url": Flags.string({
    env: "REDIS_URL",
    required: true,
    summary: "Redis of the delivery queue, as given to app run (redis://host:6379).",
    helpValue: "URL",
  }),
  "app-id": Flags.integer({
    char: "a",
    min: 1,
    env: "APP_ID",
    summary: "ID of the GitHub App whose queue to read (each app has its own).",
    helpValue: "ID",
  }),
};
