import * as Flags from "@oclif/core/flags";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { inHelpGroup } from "./flags.js";

/** The server flags of `app run`. Values default to the variables of CONTRACT.md. */
export const runFlags = inHelpGroup("SERVER", {
  secret: Flags.string({
    char: "W",
    // Probot's `probot run` spelled it -s (and -W was its webhook proxy, -Y here).
    charAliases: ["s"],
    env: ENV_BINDINGS.secret.variable,
    summary: "Webhook secret set in the app's settings (outside production default: development, local only).",
    helpValue: "SECRET",
  }),
  port: Flags.integer({
    char: "p",
    min: 0,
    max: 65535,
    env: ENV_BINDINGS.port.variable,
    summary: "Port to listen on (default 3000; 0 picks a free one).",
    helpValue: "PORT",
  }),
  host: Flags.string({
    // Probot's `probot run -H`.
    charAliases: ["H"],
    env: ENV_BINDINGS.host.variable,
    summary: "Address to listen on (default all interfaces; 127.0.0.1 in setup mode or with the development secret).",
    helpValue: "HOST",
  }),
  "webhook-path": Flags.string({
    char: "w",
    env: ENV_BINDINGS.webhookPath.variable,
    summary: "Path of the webhook route (default /api/github/webhooks).",
    helpValue: "PATH",
  }),
  "webhook-proxy": Flags.string({
    char: "Y",
    env: ENV_BINDINGS.webhookProxy.variable,
    summary: "smee.io channel to relay webhooks from, for development.",
    helpValue: "URL",
  }),
  "redis-url": Flags.string({
    env: ENV_BINDINGS.redisConfig.variable,
    summary: "Redis to share tokens, rate limits and deliveries between instances (redis://host:6379).",
    helpValue: "URL",
  }),
  "handler-timeout": Flags.integer({
    min: 1,
    summary: "Milliseconds handlers get before a delivery is answered 202 while they go on (default 9000).",
    helpValue: "MS",
  }),
  "handler-deadline": Flags.integer({
    min: 1,
    summary:
      "Milliseconds after which a handler that has not settled is abandoned and its context.signal aborted (default 600000).",
    helpValue: "MS",
  }),
  "max-concurrent-deliveries": Flags.integer({
    min: 1,
    summary:
      "Deliveries whose handlers may run at once; beyond it the server answers 503 so they can be redelivered (default 1000).",
    helpValue: "N",
  }),
  "max-connections": Flags.integer({
    min: 1,
    summary:
      "Connections open at once; beyond it new ones are closed at once. Keep it under the file descriptor limit (default 1000).",
    helpValue: "N",
  }),
});
