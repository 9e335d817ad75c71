import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { AppError } from "../errors.js";
import { validateRegistrations, type RegistrationSettings } from "./registrations.js";

type ParseYaml = (text: string) => unknown;

/** JSON or YAML text rather than a path: several lines, or a list or object opening. */
const LIST_TEXT = /[\r\n]|^\s*[[{-]/;

// Settings are read synchronously, and the YAML parser is loaded with import() only when a file
// needs it (most processes never do): the commands load it before they read their settings.
let parseYaml: ParseYaml | undefined;

/**
 * Loads the YAML parser when `APP_REGISTRATIONS` is set, so that a YAML file
 * can be read; `app run`, `app worker`, `app receive`, `app doctor`,
 * `app redeliver` and `run()` call it before reading their settings.
 */
export async function loadRegistrationsParser(env: NodeJS.ProcessEnv): Promise<void> {
  if (parseYaml || !env.APP_REGISTRATIONS?.trim()) return;
  const { loadAll } = await import("../config/yaml-parser.js");
  parseYaml = (text) => {
    // Core schema, no custom tags (nothing in the file runs); one document.
    const documents = loadAll(text, { maxDepth: 20 });
    if (documents.length > 1) throw new SyntaxError("several YAML documents");
    return documents[0];
  };
}

/**
 * Reads `APP_REGISTRATIONS`: a JSON or YAML file holding a list of
 * `{ appId, privateKey | privateKeyPath, secret, baseUrl?, name? }` (or an
 * object whose `registrations` is that list). `privateKeyPath` is resolved
 * from the file's folder. YAML needs `loadRegistrationsParser` first.
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
    // The list itself where its path belongs: it holds secrets, so it is never quoted.
    if (LIST_TEXT.test(file)) {
      throw new AppError("REGISTRATIONS_INVALID", "APP_REGISTRATIONS holds the list itself, not the path of a file.", {
        hint: "Write the list into a JSON or YAML file and set APP_REGISTRATIONS to its path, from the working folder.",
      });
    }
    throw new AppError(
      "REGISTRATIONS_INVALID",
      `${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): ${path}.`,
      { hint: "Set APP_REGISTRATIONS to the path of a JSON or YAML file, from the working folder." },
    );
  }
  const parsed = parseText(text, source);
  const list =
    typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && "registrations" in parsed
      ? (parsed as { registrations: unknown }).registrations
      : parsed;
  return validateRegistrations(list, { source, keyFolder: dirname(path) });
}

function parseText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!parseYaml) {
      // JSON that does not parse, or YAML read where the parser was not loaded (from code).
      const json = /^\s*[[{]/.test(text);
      throw new AppError(
        "REGISTRATIONS_INVALID",
        json
          ? `${source} is not valid JSON (${positionOf(error)}).`
          : `${source} is YAML, and the YAML parser is not loaded.`,
        {
          hint: json
            ? "Fix the file's syntax; see docs/registrations.md for an example."
            : "The app commands and run() read YAML; createApp() reads a JSON file, or pass the registrations option.",
        },
      );
    }
  }
  try {
    return parseYaml(text);
  } catch (error) {
    // The parser's message quotes the line, which may hold a secret: only its position (0-based) is kept.
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const where = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : "";
    throw new AppError("REGISTRATIONS_INVALID", `${source} is not valid JSON or YAML${where}.`, {
      hint: "Fix the file's syntax; see docs/registrations.md for an example.",
    });
  }
}

/** Where JSON.parse stopped, never the text around it (it may hold a secret). */
function positionOf(error: unknown): string {
  const position = /position (\d+)/.exec(String((error as Error)?.message))?.[1];
  return position === undefined ? "a syntax error" : `a syntax error at character ${position}`;
}
