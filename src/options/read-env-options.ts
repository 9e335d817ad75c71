import { AppError } from "../errors.js";
import { readAppId } from "./app-id.js";
import { LOG_LEVELS, type LogLevel } from "../log/log-options.js";
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

/** Settings of the commands and the optional parts, beside the App's options (CONTRACT.md). */
export type HostEnvSettings = {
  /** `--queue`: "redis" turns queue mode on (checked where it is used, with the flag). */
  deliveryQueue: string;
  workerConcurrency: number;
  deliveryAttempts: number;
  deliveryBackoffMs: number;
  deliveryLockMs: number;
  /** `--redeliver-every`: a duration such as `30m` (parsed where it is used). */
  redeliverEvery: string;
  shutdownGraceMs: number;
  /** The app's public address, shown on its pages and by `app setup`. */
  projectDomain: string;
  /** The organisation the manifest flow registers the app in. */
  githubOrg: string;
  /** `app receive`: set by GitHub Actions in each job. */
  eventName: string;
  eventPath: string;
  runId: string;
  runAttempt: string;
  /** A GitHub Actions job's API address (`https://api.github.com`, or a GitHub Enterprise Server's). */
  githubApiUrl: string;
  /** `1` when a GitHub Actions job runs with debug logging. */
  runnerDebug: boolean;
  /** `production` forbids setup mode and the development secret, and makes JSON the log format. */
  nodeEnv: string;
  /** `true` skips the start-up check of the registration's event subscriptions (Probot's variable). */
  disableWebhookEventCheck: boolean;
};

export type EnvBinding<T> = {
  variable: string;
  read: (env: NodeJS.ProcessEnv, cwd?: string | undefined) => T | undefined;
};

type Bindings<T> = { readonly [K in keyof T]-?: EnvBinding<NonNullable<T[K]>> };

/** The App's options: what `readEnvOptions` reads. */
const APP_BINDINGS: Bindings<EnvOptions> = {
  appId: { variable: "APP_ID", read: (env) => checkedAppId(nonEmpty(env.APP_ID)) },
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

/** The longest a Node.js timer waits: a longer delay fires at once (with a TimeoutOverflowWarning). */
export const MAX_TIMER_MS = 2_147_483_647;

const HOST_BINDINGS: Bindings<HostEnvSettings> = {
  deliveryQueue: text("DELIVERY_QUEUE"),
  workerConcurrency: wholeNumber("WORKER_CONCURRENCY", 1),
  deliveryAttempts: wholeNumber("DELIVERY_ATTEMPTS", 1),
  deliveryBackoffMs: wholeNumber("DELIVERY_BACKOFF_MS", 1),
  deliveryLockMs: wholeNumber("DELIVERY_LOCK_MS", 1, MAX_TIMER_MS),
  redeliverEvery: text("REDELIVER_EVERY"),
  shutdownGraceMs: wholeNumber("SHUTDOWN_GRACE_MS", 0, MAX_TIMER_MS),
  projectDomain: { variable: "PROJECT_DOMAIN", read: (env) => nonEmpty(env.PROJECT_DOMAIN)?.trim() },
  githubOrg: { variable: "GH_ORG", read: (env) => nonEmpty(env.GH_ORG)?.trim() },
  eventName: text("GITHUB_EVENT_NAME"),
  eventPath: text("GITHUB_EVENT_PATH"),
  runId: text("GITHUB_RUN_ID"),
  runAttempt: text("GITHUB_RUN_ATTEMPT"),
  githubApiUrl: { variable: "GITHUB_API_URL", read: (env) => nonEmpty(env.GITHUB_API_URL)?.trim() },
  runnerDebug: { variable: "RUNNER_DEBUG", read: (env) => env.RUNNER_DEBUG?.trim() === "1" || undefined },
  nodeEnv: text("NODE_ENV"),
  // As Probot reads it: only "true", in any case; anything else leaves the check on.
  disableWebhookEventCheck: {
    variable: "DISABLE_WEBHOOK_EVENT_CHECK",
    read: (env) => nonEmpty(env.DISABLE_WEBHOOK_EVENT_CHECK)?.trim().toLowerCase() === "true" || undefined,
  },
};

/**
 * The one place a variable's name (CONTRACT.md) meets its option or setting,
 * and its parser. Modules read a variable as `ENV_BINDINGS.port.read(env)`;
 * the CLI's flags take their `env` from here.
 */
export const ENV_BINDINGS: Bindings<EnvOptions & HostEnvSettings> = { ...APP_BINDINGS, ...HOST_BINDINGS };

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
  for (const [option, binding] of Object.entries(APP_BINDINGS) as [keyof EnvOptions, EnvBinding<unknown>][]) {
    // The registrations bring their keys: no .pem file of the folder is picked up beside them.
    if (option === "privateKey" && (skipPrivateKey || several)) continue;
    const value = binding.read(env, cwd);
    if (value !== undefined) options[option] = value;
  }
  return options as EnvOptions;
}

/** `APP_ID` is checked when read: a server or command started with a wrong one stops at once. */
function checkedAppId(value: string | undefined): string | undefined {
  const { problem } = readAppId(value);
  if (problem) throw problem;
  return value;
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
  // A scheme is read in any case (RFC 3986); Probot put the value in the URL as it was given.
  const given = env.GHE_PROTOCOL?.trim().toLowerCase();
  const protocol = parseChoice(given, "GHE_PROTOCOL", ["https", "http"] as const) ?? "https";
  return platformUrlsFromHost(host, protocol).apiUrl;
}

/** A whole number of at least `min` (and at most `max`); unset or empty: undefined. */
function wholeNumber(variable: string, min: number, max?: number): EnvBinding<number> {
  return {
    variable,
    read: (env) => {
      const value = env[variable];
      if (nonEmpty(value) === undefined) return undefined;
      const number = Number(value);
      if (!Number.isSafeInteger(number) || number < min) {
        throw new AppError("OPTION_INVALID", `${variable} must be a whole number of at least ${min}, got "${value}".`);
      }
      if (max !== undefined && number > max) {
        throw new AppError(
          "OPTION_INVALID",
          `${variable} must be at most ${max} (about 24.8 days, the longest a timer waits), got "${value}".`,
        );
      }
      return number;
    },
  };
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
