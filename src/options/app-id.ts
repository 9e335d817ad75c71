import { AppError } from "../errors.js";

/**
 * An app id as given (option or `APP_ID`): the number, `undefined` when none
 * is given, and the error to raise where it is used when it is not a positive
 * whole number. The number is then `Number(value)` (`NaN` for text), as
 * Probot's `state.appId`: `new Probot({ appId: "x", Octokit })` works until a
 * JWT is needed, and tests with a client double never need one.
 */
export type AppIdReading = { appId: number | undefined; problem: AppError | undefined };

export function readAppId(value: number | string | undefined): AppIdReading {
  if (value === undefined || value === "") return { appId: undefined, problem: undefined };
  const appId = typeof value === "number" ? value : Number(String(value).trim());
  if (Number.isSafeInteger(appId) && appId > 0) return { appId, problem: undefined };
  const problem = new AppError(
    "APP_ID_INVALID",
    `The app id must be a positive whole number, got "${String(value)}".`,
    {
      hint: "Set APP_ID (or --app-id, or the appId option) to the App ID shown in the app's settings.",
    },
  );
  return { appId, problem };
}
