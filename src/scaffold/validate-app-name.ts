import validateNpmPackageName from "validate-npm-package-name";
import { AppError } from "../errors.js";

export function checkAppName(name: string): true | string {
  const result = validateNpmPackageName(name);
  if (result.validForNewPackages) return true;
  return [...(result.errors ?? []), ...(result.warnings ?? [])].join("; ");
}

export function validateAppName(name: string): void {
  const valid = checkAppName(name);
  if (valid !== true) {
    throw new AppError("APP_NAME_INVALID", `"${name}" cannot be the app's name: ${valid}.`, {
      hint: "Use lower-case letters, digits and hyphens, e.g. my-app.",
    });
  }
}
