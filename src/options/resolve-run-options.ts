import { AppError } from "../errors.js";
import { isProduction } from "../helpers/is-production.js";
import type { GetLogOptions } from "../log/get-log.js";
import { registerSecret } from "../log/secrets.js";
import { readEnvOptions } from "./read-env-options.js";
import { getPrivateKey, PRIVATE_KEY_HINT } from "../private-key/get-private-key.js";
import type { AppOptions } from "./app-options.js";

/** What `app run`'s flags set: `AppOptions` (the logger's settings among them) and the key's path. */
export type RunOverrides = AppOptions & {
  /** `--private-key`: a .pem file, resolved from the working folder. */
  privateKeyPath?: string | undefined;
};

export type RunSettings = {
  /** defaults, then the environment, then the overrides; the private key read. */
  options: AppOptions;
  logOptions: Pick<GetLogOptions, "logFormat" | "logLevelInString" | "logMessageKey" | "sentryDsn">;
  /** No app id or no private key: serve the setup flow instead of the apps. */
  setupMode: boolean;
};

export type ResolveRunOptions = {
  env: NodeJS.ProcessEnv;
  cwd: string;
  defaults?: AppOptions | undefined;
  overrides?: RunOverrides | undefined;
  /** Missing credentials are no error, in production either (`app receive` then runs dry). */
  credentialsOptional?: boolean | undefined;
};

/** In production, missing credentials are an error rather than setup mode. */
export function resolveRunOptions({
  env,
  cwd,
  defaults = {},
  overrides = {},
  credentialsOptional = false,
}: ResolveRunOptions): RunSettings {
  const given = withoutUndefined(overrides);
  const { privateKeyPath, logFormat, logLevelInString, logMessageKey, sentryDsn, ...flagOptions } = given;
  const fromFlag = privateKeyPath ? getPrivateKey({ filepath: privateKeyPath, env, cwd }) : undefined;
  const hasKey = Boolean(fromFlag ?? flagOptions.privateKey ?? flagOptions.cert);
  const fromEnv = readEnvOptions({ env, cwd, skipPrivateKey: hasKey });
  const options: AppOptions = withoutUndefined({
    ...defaults,
    ...pickOptions(fromEnv),
    ...flagOptions,
    ...(fromFlag ? { privateKey: fromFlag } : {}),
  });
  // At once: the apps' modules, loaded before the App is made, read them from the environment too.
  for (const each of [options, ...(options.registrations ?? [])]) {
    for (const secret of [each.secret, each.privateKey, ...(each.additionalSecrets ?? [])]) registerSecret(secret);
  }
  registerSecret(options.platformToken);
  const logOptions = withoutUndefined({
    logFormat: logFormat ?? fromEnv.logFormat ?? defaults.logFormat,
    logLevelInString: logLevelInString ?? fromEnv.logLevelInString ?? defaults.logLevelInString,
    logMessageKey: logMessageKey ?? fromEnv.logMessageKey ?? defaults.logMessageKey,
    sentryDsn: sentryDsn ?? fromEnv.sentryDsn ?? defaults.sentryDsn,
  });
  // Several registrations bring their credentials and secrets (checked when the App is made).
  const missing = options.registrations ? [] : missingCredentials(options);
  if (
    !credentialsOptional &&
    isProduction(env) &&
    (missing.length > 0 || (!options.secret && !options.registrations))
  ) {
    if (!options.secret) missing.push("WEBHOOK_SECRET");
    // Short enough for one line of an 80-column terminal.
    throw new AppError("APP_CREDENTIALS_MISSING", `In production, set ${list(missing)}.`, {
      hint: `${missing.includes("PRIVATE_KEY") ? `${PRIVATE_KEY_HINT} ` : ""}Setup mode is off when NODE_ENV=production.`,
    });
  }
  return { options, logOptions, setupMode: missing.length > 0 };
}

function missingCredentials(options: AppOptions): string[] {
  const missing: string[] = [];
  if (options.appId === undefined && options.id === undefined) missing.push("APP_ID");
  if (!options.privateKey && !options.cert) missing.push("PRIVATE_KEY");
  return missing;
}

function pickOptions(fromEnv: ReturnType<typeof readEnvOptions>): AppOptions {
  const { logFormat: _f, logLevelInString: _l, logMessageKey: _m, sentryDsn: _s, ...options } = fromEnv;
  return options;
}

function list(names: string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function withoutUndefined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
