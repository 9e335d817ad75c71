import { scrubSecrets } from "../log/secrets.js";
import type { DoctorReport } from "./run-doctor.js";

// The longest check id, "installations".
const WIDTH = 13;

/** Scrubbed of anything that looks like a secret, as log lines are. */
export function formatReport(report: DoctorReport, { json }: { json: boolean }): string {
  if (json) return scrubSecrets(`${JSON.stringify(report, null, 2)}\n`);
  const lines = report.checks.map(
    ({ status, id, message, fix }) =>
      `${status.padEnd(4)}  ${id.padEnd(WIDTH)}  ${message}${status !== "ok" && fix ? ` Fix: ${fix}` : ""}`,
  );
  const failed = report.checks.filter((check) => check.status === "fail").length;
  const warned = report.checks.filter((check) => check.status === "warn").length;
  const summary =
    failed + warned === 0
      ? "Every check passed."
      : `${count(failed, "check")} failed, ${count(warned, "warning")}. ${consequence(report, failed)}`.trimEnd();
  return scrubSecrets(`${[...lines, "", summary].join("\n")}\n`);
}

/** What the failures mean for `app run` (which a project runs as `npx app run` or `npm start`). */
function consequence(report: DoctorReport, failed: number): string {
  if (report.setupMode) {
    return "No app credentials yet: `npx app run` starts in setup mode, to register the app on GitHub (or run `npx app setup`).";
  }
  return failed > 0 ? "`npx app run` will not work as configured." : "";
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
