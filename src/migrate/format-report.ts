import type { MigrationReport } from "./migrate-app.js";
import { packageManagerCommands } from "../scaffold/package-manager.js";

export function formatReport(report: MigrationReport): string {
  const lines: string[] = [];
  const changed = report.files.filter((f) => f.changes.length > 0);
  const problems = report.files.flatMap((f) => f.problems.map((p) => ({ file: f.file, ...p })));
  const unreadable = report.files.filter((f) => f.error !== undefined);
  const unwritten = report.files.filter((f) => f.writeError !== undefined);
  lines.push(report.dryRun ? "Changes app migrate would make (dry run, nothing written):" : "Changed:");
  if (changed.length === 0) lines.push("  nothing: no Probot names left to move");
  for (const file of changed) {
    lines.push(`  ${file.file}`);
    for (const change of file.changes)
      lines.push(`    ${change.line > 0 ? `line ${change.line}: ` : ""}${change.text}`);
  }
  if (problems.length > 0) {
    lines.push("", `Could not migrate (${problems.length}), to do by hand:`);
    for (const problem of problems) {
      lines.push(
        `  ${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.message}`,
        `    hint: ${problem.hint}`,
      );
    }
  }
  if (unreadable.length > 0) {
    lines.push("", `Could not read (${unreadable.length}), left as they were:`);
    for (const file of unreadable) lines.push(`  ${file.file}: ${file.error}`);
  }
  if (unwritten.length > 0) {
    lines.push("", `Could not write (${unwritten.length}), left as they were:`);
    for (const file of unwritten) lines.push(`  ${file.file}: ${file.writeError}`);
  }
  const count = changed.reduce((sum, f) => sum + f.changes.length, 0);
  lines.push(
    "",
    `${changed.length} ${plural(changed.length, "file")} ${report.dryRun ? "to change" : "changed"} (${count} ${plural(count, "change")}), ` +
      `${problems.length} to do by hand, ${unreadable.length} unreadable` +
      `${unwritten.length > 0 ? `, ${unwritten.length} not written` : ""}; ${report.scanned} ${plural(report.scanned, "file")} read.`,
  );
  if (report.staleLockfile) {
    // Checked with npm 11: a plain `npm install` keeps probot's packages' places while it adds gh-app-kit,
    // so gh-app-kit's dependencies go under node_modules/gh-app-kit, and then drops probot's: they stay nested.
    // Removing only the lock's node_modules/probot entry is not enough (probot's own dependencies hold the places).
    const why = report.staleLockfileNotJson
      ? `${report.staleLockfile} ${report.staleLockfileUnreadable ?? "is not valid JSON"} (npm ci refuses it; npm install would make it anew over a node_modules laid out for probot)`
      : `${report.staleLockfile} still places probot's dependencies, so a plain npm install would put gh-app-kit's under node_modules/gh-app-kit ` +
        `(and require("pino") and the like would fail)`;
    lines.push(
      `${report.dryRun ? "After app migrate" : "Next"}: ${why}: run rm -rf node_modules ${report.staleLockfile} && npm install ` +
        "(every dependency is resolved again within its package.json range), then npm test. docs/migrating.md explains what differs from Probot.",
    );
  } else if (!report.dryRun && changed.length > 0) {
    // The lockfile still names probot until the install rewrites it: `npm ci` (or a frozen install) would refuse it.
    const commands = packageManagerCommands({ name: report.packageManager ?? "npm" });
    lines.push(
      `Next: ${commands.install} (it updates ${report.lockfile ?? "package-lock.json"}), then ${commands.script("test")}. ` +
        "docs/migrating.md explains what differs from Probot.",
    );
  }
  return lines.join("\n");
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
