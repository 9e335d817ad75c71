import type { Change, Problem } from "../source-types.js";
import { findUnintendedChange } from "../verify-rewrite.js";
import { checkPayloadTypes } from "./check-payload-types.js";

type Migrated = { code: string; changes: Change[]; problems: Problem[]; error?: string };

/** migrate-package-json.ts's report of payload fields that may be null, at the probot line. */
const NULLABLE_REPORT = /in a TypeScript app: some payload fields/;

/**
 * Asserts with `!` the webhook payload fields at which the app's compiler now stops
 * (check-payload-types.ts), in the files as migrated so far, each insertion shown right by
 * verify-rewrite.ts and listed as a change. Returns what then becomes of package.json's
 * report of such fields: dropped when no error of the kind is left, else kept, with why the
 * check could not run where it could not.
 */
export function assertPayloadFields(
  directory: string,
  sources: ReadonlyArray<[file: string, before: string, after: Migrated]>,
): (packageProblems: Problem[]) => void {
  const texts = new Map(sources.filter(([, , after]) => !after.error).map(([file, , after]) => [file, after.code]));
  const check = checkPayloadTypes(directory, texts);
  if (!check.ran) {
    const { reason } = check;
    return (problems) => {
      const report = problems.find((problem) => NULLABLE_REPORT.test(problem.message));
      if (report && reason) report.hint += ` (app migrate could not check the types itself: ${reason})`;
    };
  }
  let unproven = 0;
  for (const [file, , after] of sources) {
    const found = check.files.get(file);
    if (!found) continue;
    const base = found.base ?? after.code;
    const edited = found.paths.map(({ start, end }) => [start - 1, end + 1] as const);
    const wrong =
      (found.base === undefined ? undefined : findUnintendedChange(file, after.code, base, edited)) ??
      findUnintendedChange(file, base, found.code, [], new Set(found.insertions.original));
    if (wrong) {
      unproven++;
      after.problems.push({
        line: found.fields[0]?.line,
        message: `payload fields that may be null or absent were left unasserted: the \`!\` could not be shown right (${wrong})`,
        hint: HINT,
      });
      continue;
    }
    after.code = found.code;
    for (const { line, from, to } of found.paths)
      after.changes.push({
        line,
        text: `"${from}" → "${to}" (a path into ${to}'s files that the version gh-app-kit installs does not export; its root exports the names taken)`,
      });
    for (const { line, expression, answer } of found.fields)
      after.changes.push({
        line,
        text: `${expression} → ${expression}! (${answer ? "a REST answer's" : "a payload"} field today's schema makes nullable)`,
      });
    after.changes.sort((a, b) => a.line - b.line);
  }
  return (problems) => {
    if (check.remaining > 0 || unproven > 0) return;
    const index = problems.findIndex((problem) => NULLABLE_REPORT.test(problem.message));
    if (index >= 0) problems.splice(index, 1);
  };
}

const HINT =
  "Where the compiler now stops at a payload field (possibly null or undefined), check it (if (!pr.user) return) " +
  "or assert it (pr.user!.login); please report the file as a bug of app migrate.";
