import { AppError } from "../errors.js";
import { registerSecret } from "../log/secrets.js";

/** `secret` first (it signs), then the rotation's other secrets; each scrubbed from logs. */
export function acceptedSecrets(secret: string | undefined, additional: readonly string[] | undefined): string[] {
  registerSecret(secret);
  if (
    additional !== undefined &&
    (!Array.isArray(additional) || additional.some((value) => typeof value !== "string" || value === ""))
  ) {
    throw new AppError("OPTION_INVALID", "additionalSecrets must be a list of non-empty strings.", {
      hint: "Pass the previous webhook secret(s): additionalSecrets: [oldSecret].",
    });
  }
  for (const value of additional ?? []) registerSecret(value);
  return [...(secret ? [secret] : []), ...(additional ?? [])];
}
