import type { AppError, AppErrorCode } from "../errors.js";
import { scrubSecrets } from "../log/secrets.js";

// No oclif here: `app receive`'s fast start (src/cli/fast-receive.ts) prints
// errors with these too, without loading oclif.

/** Exit 2; every other expected failure exits 1. */
const USAGE_ERRORS: ReadonlySet<AppErrorCode> = new Set<AppErrorCode>(["OPTION_INVALID"]);

export function addUsageErrors(...codes: AppErrorCode[]): void {
  for (const code of codes) (USAGE_ERRORS as Set<AppErrorCode>).add(code);
}

export function describeAppError(error: AppError, helpLine: string): { lines: string[]; exitCode: 1 | 2 } {
  // oclif's own rendering would wrap both and add the code between them.
  // An app's own failure (its module failed to load) may quote a secret it read.
  const lines = [`Error: ${scrubSecrets(toOneLine(error.message))}`];
  if (error.hint) lines.push(`Hint: ${scrubSecrets(toOneLine(error.hint))}`);
  const usage = USAGE_ERRORS.has(error.code);
  if (usage) lines.push(helpLine);
  return { lines, exitCode: usage ? 2 : 1 };
}

/** Without oclif's "See more help" tail. */
export function toOneLine(message: string): string {
  return message
    .replace(/\nSee more help with --help\s*$/, "")
    .replace(/^Parsing (--\S+)\s*\n\s*/, "$1: ")
    .replace(/\s*\n\s*/g, " ")
    .trim();
}
