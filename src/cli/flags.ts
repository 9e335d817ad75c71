// Subpaths of @oclif/core throughout: its root module loads all of oclif.
import * as Flags from "@oclif/core/flags";
import { LOG_LEVELS } from "../log/get-log.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";

/** Flags shared by the commands that log. Values default to the variables of CONTRACT.md. */
export const logFlags = {
  "log-level": Flags.option({
    char: "L",
    options: LOG_LEVELS,
    env: ENV_BINDINGS.logLevel.variable,
    summary: "Lowest level of log lines written: trace, debug, info (default), warn, error or fatal.",
    helpValue: "LEVEL",
  })(),
  "log-format": Flags.option({
    options: ["pretty", "json"] as const,
    env: ENV_BINDINGS.logFormat.variable,
    summary: "pretty (default outside production) or json.",
  })(),
  "log-level-in-string": Flags.boolean({
    env: ENV_BINDINGS.logLevelInString.variable,
    summary: 'JSON logs: write the level as a word ("info") instead of a number.',
  }),
  "log-message-key": Flags.string({
    env: ENV_BINDINGS.logMessageKey.variable,
    summary: "JSON logs: key of the message (default msg).",
    helpValue: "KEY",
  }),
  "sentry-dsn": Flags.string({
    env: ENV_BINDINGS.sentryDsn.variable,
    summary: "Send log lines at error and above to this Sentry DSN.",
    helpValue: "DSN",
  }),
};

export const credentialFlags = {
  "app-id": Flags.integer({
    char: "a",
    // The spec names this input `app`; Probot's CLI spelled it --app too.
    aliases: ["app"],
    min: 1,
    env: ENV_BINDINGS.appId.variable,
    summary: "ID of the GitHub App.",
    helpValue: "ID",
  }),
  "private-key": Flags.file({
    char: "P",
    exists: true,
    summary: "Path to the app's private key (.pem); else PRIVATE_KEY or PRIVATE_KEY_PATH.",
    helpValue: "PATH",
  }),
  token: Flags.string({
    char: "t",
    env: ENV_BINDINGS.platformToken.variable,
    summary: "A token to use instead of app credentials (e.g. GITHUB_TOKEN in Actions).",
    helpValue: "TOKEN",
  }),
  "base-url": Flags.url({
    summary:
      "API base URL for GitHub Enterprise Server or GHE.com (default from GHE_HOST: https://<host>/api/v3, or https://api.<tenant>.ghe.com).",
    helpValue: "URL",
  }),
};
