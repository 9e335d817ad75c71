import { App } from "../app.js";
import type { RegistrationInfo } from "../client/registrations.js";
import { checkClock } from "./check-clock.js";
import { checkEvents } from "./check-events.js";
import { checkInstallations } from "./check-installations.js";
import { checkKey } from "./check-key.js";
import { checkSecret } from "./check-secret.js";
import { createPlatformProbe } from "./probe-platform.js";
import type { Check, CheckResult, DoctorSetup } from "./types.js";

/** The checks that concern one app registration, in this order: a failed key explains most of what follows. */
export const REGISTRATION_CHECKS: readonly Check[] = [
  checkKey,
  checkClock,
  checkSecret,
  checkEvents,
  checkInstallations,
];

/**
 * With several registrations (APP_REGISTRATIONS), each is checked as if it
 * were the only one; every line names its registration.
 */
export async function checkEachRegistration(setup: DoctorSetup, app: App): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const registration of app.registrations.list) {
    const { appId, baseUrl } = registration.info;
    const options = {
      ...setup.options,
      registrations: undefined,
      appId,
      privateKey: registration.credentials.privateKey,
      secret: registration.secrets[0],
      baseUrl,
    };
    const own = new App({ ...options, redisConfig: undefined, webhookProxy: undefined });
    const tokens = own.state.tokens;
    const probe = tokens ? createPlatformProbe({ tokens, baseUrl }) : undefined;
    const ownSetup: DoctorSetup = { ...setup, options, app: own, probe };
    for (const check of REGISTRATION_CHECKS) {
      const result = await check(ownSetup);
      if (result) results.push(labelled(result, registration.info));
    }
  }
  return results;
}

function labelled(result: CheckResult, { appId, name }: RegistrationInfo): CheckResult {
  const label = name === undefined ? `App ${appId}` : `App ${appId} ("${name}")`;
  return { ...result, message: `${label}: ${result.message}`, registration: { appId, name } };
}
