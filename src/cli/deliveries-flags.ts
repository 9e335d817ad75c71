import * as Flags from "@oclif/core/flags";
import { ENV_BINDINGS } from "../options/read-env-options.js";

/** Where `app deliveries` finds the queue: the same variables as `app run`. */
export const queueLocationFlags = {
  "redis-url": Flags.string({
    env: ENV_BINDINGS.redisConfig.variable,
    required: true,
    summary: "Redis of the delivery queue, as given to app run (redis://host:6379).",
    helpValue: "URL",
  }),
  "app-id": Flags.integer({
    char: "a",
    min: 1,
    env: ENV_BINDINGS.appId.variable,
    summary: "ID of the GitHub App whose queue to read (each app has its own).",
    helpValue: "ID",
  }),
};
