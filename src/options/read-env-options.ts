import { AppError } from "../errors.js";
import { LOG_LEVELS, type LogLevel } from "../log/get-log.js";
import { getPrivateKey } from "../private-key/get-private-key.js";
import type { LogOptions } from "../log/log-options.js";
import type { AppOptions } from "./app-options.js";
import { platformUrlsFromHost } from "./platform-urls.js";
import { readRegistrationsFile } from "./read-registrations-file.js";

/** Logger settings read from the environment, beside the other options. */
export type EnvLogOptions = Pick<LogOptions, "logFormat" | "logLevelInString" | "logMessageKey" | "sentryDsn">;

export type ReadEnvOptions = {
  env: NodeJS.ProcessEnv;
  cwd?: string | undefined;
  /** Skip the private-key lookup (the caller already has a key). */
  skipPrivateKey?: boolean | undefined;
};

export type EnvOptions = Pick<
  AppOptions,
  | "appId"
  | "privateKey"
  | "secret"
  | "webhookPath"
  | "webhookProxy"
  | "port"
  | "host"
  | "baseUrl"
  | "platformToken"
  | "logLevel"
  | "redisConfig"
  | "registrations"
> &
  EnvLogOptions;

type EnvBinding<T> = {
  variable: string;
  read: (env: NodeJS.ProcessEnv, cwd: string | undefined) => T | undefined;
};

/** The one place a variable's name (CONTRACT.md) meets its option. */
export const ENV_BINDINGS: { readonly [K in keyof EnvOptions]-?: EnvBinding<NonNullable<EnvOptions[K]>> } = {
  appId: text("APP_ID"),
  // Also PRIVATE_KEY_PATH, or the only .pem file of the working folder.
  privateKey: {
    variable: "PRIVATE_KEY",
    read: (env, cwd) => getPrivateKey({ env, ...(cwd ? { cwd } : {}) }) ?? undefined,
  },
  secret: text("WEBHOOK_SECRET"),
  webhookPath: text("WEBHOOK_PATH"),
  webhookProxy: text("WEBHOOK_PROXY_URL"),
  port: { variable: "PORT", read: (env) => parsePort(env.PORT) },
  host: text("HOST"),
  // With GHE_PROTOCOL.
  baseUrl: { variable: "GHE_HOST", read: (env) => enterpriseBaseUrl(env) },
  platformToken: text("GITHUB_TOKEN"),
  logLevel: { variable: "LOG_LEVEL", read: (env) => parseLogLevel(env.LOG_LEVEL) },
  logFormat: {
    variable: "LOG_FORMAT",
    read: (env) => parseChoice(env.LOG_FORMAT, "LOG_FORMAT", ["pretty", "json"] as const),
  },
  logLevelInString: {
    variable: "LOG_LEVEL_IN_STRING",
    read: (env) => parseBoolean(env.LOG_LEVEL_IN_STRING, "LOG_LEVEL_IN_STRING"),
  },
  logMessageKey: text("LOG_MESSAGE_KEY"),
  sentryDsn: text("SENTRY_DSN"),
  redisConfig: text("REDIS_URL"),
  // A file of several registrations, instead of APP_ID, PRIVATE_KEY and WEBHOOK_SECRET.
  registrations: {
    variable: "APP_REGISTRATIONS",
    read: (env, cwd) => {
      const file = nonEmpty(env.APP_REGISTRATIONS);
      return file === undefined ? undefined : readRegistrationsFile(file, cwd);
    },
  },
};

/** With APP_REGISTRATIONS, the one-registration variables would be a second, silent configuration. */
const SINGLE_REGISTRATION_VARIABLES = ["APP_ID", "PRIVATE_KEY", "PRIVATE_KEY_PATH", "WEBHOOK_SECRET"];

/** Unset variables leave their option out, so defaults underneath survive. */
export function readEnvOptions({ env, cwd, skipPrivateKey }: ReadEnvOptions): EnvOptions {
  const options: Record<string, unknown> = {};
  const several = nonEmpty(env.APP_REGISTRATIONS) !== undefined;
  if (several) {
    const alsoSet = SINGLE_REGISTRATION_VARIABLES.filter((variable) => nonEmpty(env[variable]) !== undefined);
    if (alsoSet.length > 0) {
      throw new AppError("REGISTRATIONS_INVALID", `APP_REGISTRATIONS is set, and so is ${alsoSet.join(", ")}.`, {
        hint: `Keep one way: remove ${alsoSet.join(", ")} (from .env too), or put that registration in the file.`,
      });
    }
  }
  for (const [option, binding] of Object.entries(ENV_BINDINGS) as [keyof EnvOptions, EnvBinding<unknown>][]) {
    // The registrations bring their keys: no .pem file of the folder is picked up beside them.
    if (option === "privateKey" && (skipPrivateKey || several)) continue;
    const value = binding.read(env, cwd);
    if (value !== undefined) options[option] = value;
  }
  return options as EnvOptions;
}

function text(variable: string): EnvBinding<string> {
  return { variable, read: (env) => nonEmpty(env[variable]) };
}

/**
 * `GHE_HOST` (and `GHE_PROTOCOL`, default https) → the API base URL: `<protocol>://<host>/api/v3`
 * for GitHub Enterprise Server, `https://api.<tenant>.ghe.com` for a GHE.com tenant.
 */
export function enterpriseBaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const host = nonEmpty(env.GHE_HOST);
  if (!host) return undefined;
  const protocol = parseChoice(env.GHE_PROTOCOL, "GHE_PROTOCOL", ["https", "http"] as const) ?? "https";
  return platformUrlsFromHost(host, protocol).apiUrl;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function parsePort(value: string | undefined): number | undefined {
  if (nonEmpty(value) === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new AppError("OPTION_INVALID", `PORT must be a whole number from 0 to 65535, got "${value}".`, {
      hint: "Set PORT to a free port, e.g. PORT=3000.",
    });
  }
  return port;
}

function parseLogLevel(value: string | undefined): LogLevel | undefined {
  return parseChoice(value?.toLowerCase(), "LOG_LEVEL", LOG_LEVELS);
}

function parseChoice<T extends string>(value: string | undefined, name: string, choices: readonly T[]): T | undefined {
  if (nonEmpty(value) === undefined) return undefined;
  if ((choices as readonly string[]).includes(value!)) return value as T;
  throw new AppError("OPTION_INVALID", `${name} must be one of ${choices.join(", ")}, got "${value}".`);
}

function parseBoolean(value: string | undefined, name: string): boolean | undefined {
  if (nonEmpty(value) === undefined) return undefined;
  const normalised = value!.trim().toLowerCase();
  if (["true", "1", "yes"].includes(normalised)) return true;
  if (["false", "0", "no"].includes(normalised)) return false;
  throw new AppError("OPTION_INVALID", `${name} must be true or false, got "${value}".`);
}
