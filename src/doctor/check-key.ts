import { isAppError } from "../errors.js";
import { PRIVATE_KEY_HINT } from "../private-key/private-key-hint.js";
import { describeFailure, failureSentence, NEEDS_CREDENTIALS } from "./describe-failure.js";
import type { CheckResult, DoctorSetup } from "./types.js";

const ID = "key";

export async function checkKey({ app, appError, probe, options }: DoctorSetup): Promise<CheckResult> {
  if (appError !== undefined) {
    return isAppError(appError)
      ? { id: ID, status: "fail", message: appError.message, fix: appError.hint }
      : { id: ID, status: "fail", message: failureSentence(appError), fix: NEEDS_CREDENTIALS };
  }
  if (!app || !probe) {
    const tokenOnly = Boolean(options.platformToken);
    if (!tokenOnly && options.appId !== undefined && !options.privateKey) {
      return { id: ID, status: "fail", message: "APP_ID is set but no private key was found.", fix: PRIVATE_KEY_HINT };
    }
    return {
      id: ID,
      status: tokenOnly ? "warn" : "fail",
      message: tokenOnly
        ? "Only a token (GITHUB_TOKEN) is set: the app acts with it, not as a GitHub App, and cannot be checked."
        : "No app id or private key is set.",
      fix: NEEDS_CREDENTIALS,
    };
  }
  const appId = app.state.appId;
  let answer;
  try {
    ({ answer } = await probe.getApp());
  } catch (error) {
    return {
      id: ID,
      status: "fail",
      message: `The platform at ${probe.baseUrl} could not be reached: ${describeFailure(error)}.`,
      fix: "Check the network, and GHE_HOST or --base-url for GitHub Enterprise Server.",
    };
  }
  const data = answer.data as { id?: unknown; slug?: unknown } | null;
  if (answer.status === 200 && String(data?.id) === String(appId)) {
    const matches = `The private key matches app ${appId} (${String(data?.slug)})`;
    if (options.platformToken) {
      return {
        id: ID,
        status: "warn",
        message: `${matches}, but a token (GITHUB_TOKEN or --token) is set too: handlers act with that token, not as the app's installations.`,
        fix: "Unset GITHUB_TOKEN for `app run`, unless the handlers must act with that token.",
      };
    }
    return { id: ID, status: "ok", message: `${matches}.` };
  }
  if (answer.status === 401 || answer.status === 200) {
    return {
      id: ID,
      status: "fail",
      message: `The platform refused the JWT of app ${appId}: the private key does not belong to it, or APP_ID is wrong.`,
      fix: "Compare APP_ID with the App ID on the app's settings page, and generate a new private key there if needed (then set PRIVATE_KEY_PATH to it).",
    };
  }
  return {
    id: ID,
    status: "fail",
    message: `GET ${probe.baseUrl}/app answered ${answer.status}.`,
    fix:
      answer.status === 404
        ? "Check GHE_HOST or --base-url: it must be the API address (https://<host>/api/v3 for GitHub Enterprise Server, https://api.<tenant>.ghe.com for GHE.com)."
        : "Try again later; the platform may be unavailable.",
  };
}
