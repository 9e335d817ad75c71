import pino from "pino";
import type { App } from "../app.js";
import { createTokenCache, TokenStore } from "../client/auth/token-store.js";
import { readEnvOptions } from "../options/read-env-options.js";
import { loadApps } from "../run/load-apps.js";
import type { RunOverrides } from "../options/resolve-run-options.js";
import { openEnv, openHost } from "../run/open-host.js";
import type { AppOptions } from "../options/app-options.js";
import type { Resolver } from "../run/resolve-app-function.js";
import { checkClock } from "./check-clock.js";
import { checkEvents } from "./check-events.js";
import { checkInstallations } from "./check-installations.js";
import { checkKey } from "./check-key.js";
import { checkProxy } from "./check-proxy.js";
import { checkRedis } from "./check-redis.js";
import { checkRedisPersistence } from "./check-redis-persistence.js";
import { checkSecret } from "./check-secret.js";
import { checkEachRegistration } from "./check-registrations.js";
import { createPlatformProbe } from "./probe-platform.js";
import type { Check, CheckResult, DoctorSetup } from "./types.js";

export type { CheckResult, CheckStatus } from "./types.js";

export type DoctorOptions = {
  /** The apps, as given to `app run` (paths or package names); `package.json` `app.apps` are added. */
  apps: readonly string[];
  /** Default: `process.env`. The `.env` of `cwd` is added beneath it. */
  env?: NodeJS.ProcessEnv | undefined;
  cwd?: string | undefined;
  /** What `app run`'s flags would set. */
  overrides?: RunOverrides | undefined;
  resolver?: Resolver | undefined;
};

export type DoctorReport = {
  /** True when no check failed (warnings allowed). */
  ok: boolean;
  checks: CheckResult[];
  /** No app credentials: `app run` would start in setup mode (outside production). */
  setupMode: boolean;
};

/** In this order: a failed key explains most of what follows. */
const CHECKS: readonly Check[] = [
  checkKey,
  checkClock,
  checkSecret,
  checkEvents,
  checkInstallations,
  checkRedis,
  checkRedisPersistence,
  checkProxy,
];

/** What every registration shares: one Redis, one proxy. */
const SHARED_CHECKS: readonly Check[] = [checkRedis, checkRedisPersistence, checkProxy];

/** Checks the configuration `app run` would use (same flags, `.env`, variables) against the platform. */
export async function runDoctor({
  apps,
  env: given,
  cwd = process.cwd(),
  overrides,
  resolver,
}: DoctorOptions): Promise<DoctorReport> {
  const log = pino({ level: "silent" });
  let env: NodeJS.ProcessEnv;
  let options: AppOptions;
  let app: App | undefined;
  let appError: unknown;
  let setupMode = false;
  try {
    // As `app run` opens them; only what the checks need: no Redis connection, no proxy.
    const host = await openHost({
      env: given,
      cwd,
      overrides,
      credentials: "setup",
      log,
      app: "plain",
      adjust: (resolved) => ({ ...resolved, redisConfig: undefined, webhookProxy: undefined }),
    });
    ({ env, app } = host);
    options = { ...host.settings.options, log };
    setupMode = host.settings.setupMode;
  } catch (error) {
    // Reported by the key check, with what can be read without the credentials.
    appError = error;
    env = openEnv({ env: given, cwd }).env;
    options = { ...fallbackOptions(env, cwd, overrides), log };
  }
  const tokens = app ? (app.state.tokens ?? besideToken(app)) : undefined;
  let loaded: ReturnType<typeof loadApps> | undefined;
  const setup: DoctorSetup = {
    env,
    options,
    app,
    appError,
    loadApps: () => (loaded ??= loadApps(apps, { cwd, resolver })),
    probe: tokens ? createPlatformProbe({ tokens, baseUrl: app?.state.baseUrl }) : undefined,
    tokens,
  };
  const checks: CheckResult[] = [];
  // Several registrations: the checks of one registration run for each, then the shared ones.
  if (app?.registrations.several) checks.push(...(await checkEachRegistration(setup, app)));
  for (const check of app?.registrations.several ? SHARED_CHECKS : CHECKS) {
    const result = await check(setup);
    if (result) checks.push(result);
  }
  return { ok: checks.every((result) => result.status !== "fail"), checks, setupMode };
}

/**
 * With a platform token beside the app's credentials, the App's clients act with the token (as
 * Probot's do) and it keeps no token store; the checks of the key, the clock and the
 * installations still need the app's JWT.
 */
function besideToken(app: App): TokenStore | undefined {
  const { platformToken, appId, privateKey, baseUrl, log } = app.state;
  if (!platformToken || appId === undefined || !privateKey) return undefined;
  return new TokenStore({ appId: Number(appId), privateKey, cache: createTokenCache(), log, baseUrl });
}

/** The settings that do not depend on the credentials, when those could not be resolved. */
function fallbackOptions(env: NodeJS.ProcessEnv, cwd: string, overrides: RunOverrides = {}): AppOptions {
  let fromEnv: AppOptions = {};
  try {
    const {
      logFormat: _f,
      logLevelInString: _l,
      logMessageKey: _m,
      sentryDsn: _s,
      ...rest
    } = readEnvOptions({ env, cwd, skipPrivateKey: true });
    fromEnv = rest;
  } catch {
    // Reported by the key check.
  }
  return {
    baseUrl: overrides.baseUrl ?? fromEnv.baseUrl,
    secret: overrides.secret ?? fromEnv.secret,
    redisConfig: overrides.redisConfig ?? fromEnv.redisConfig,
    webhookProxy: overrides.webhookProxy ?? fromEnv.webhookProxy,
    platformToken: overrides.platformToken ?? fromEnv.platformToken,
  };
}
