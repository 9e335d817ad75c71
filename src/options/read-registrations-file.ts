import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parse } from "yaml";
import { AppError } from "../errors.js";
import { validateRegistrations, type RegistrationSettings } from "./registrations.js";

/**
 * Reads `APP_REGISTRATIONS`: a JSON or YAML file holding a list of
 * `{ appId, privateKey | privateKeyPath, secret, baseUrl?, name? }` (or an
 * object whose `registrations` is that list). `privateKeyPath` is resolved
 * from the file's folder.
 *
 * @example
 * const registrations = readRegistrationsFile("registrations.yml", process.cwd());
 */
export function readRegistrationsFile(file: string, cwd: string = process.cwd()): RegistrationSettings[] {
  const path = resolve(cwd, file);
  const source = `APP_REGISTRATIONS (${file})`;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new AppError(
      "REGISTRATIONS_INVALID",
      `${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): ${path}.`,
      { hint: "Set APP_REGISTRATIONS to the path of a JSON or YAML file, from the working folder." },
    );
  }
  let parsed: unknown;
  try {
    // YAML is a superset of JSON: one parser reads both.
    parsed = parse(text, { prettyErrors: true });
  } catch (error) {
    // The parser's message quotes the line, which may hold a secret: only its position is kept.
    const position = (error as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0];
    const where = position ? ` at line ${position.line}, column ${position.col}` : "";
    throw new AppError("REGISTRATIONS_INVALID", `${source} is not valid JSON or YAML${where}.`, {
      hint: "Fix the file's syntax; see docs/registrations.md for an example.",
    });
  }
  const list =
    typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && "registrations" in parsed
      ? (parsed as { registrations: unknown }).registrations
      : parsed;
  return validateRegistrations(list, { source, keyFolder: dirname(path) });
}
