// What the corpus runs print and keep: the table, the migration report in short, and the
// tests that passed before the migration and not after.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export function readPreviousRow(base, commit) {
  const file = path.join(base, "row.json");
  if (!existsSync(file)) return undefined;
  const row = JSON.parse(readFileSync(file, "utf8"));
  if (!commit.startsWith(row.commit)) return undefined;
  for (const phase of ["baseline", "migrated"]) {
    if (row[phase]?.tests) row[phase].tests = new Map(Object.entries(row[phase].tests));
  }
  return row;
}

/** Tests that pass in the baseline and not after the migration (by count where the runner names none). */
export function lostTests(before, after) {
  if (before.tests.size === 0) {
    const n = Math.max(0, before.passed - (after.passed ?? 0));
    return Array.from({ length: n }, (_, i) => `(unnamed test ${i + 1})`);
  }
  return [...before.tests].filter(([id, s]) => s === "passed" && after.tests.get(id) !== "passed").map(([id]) => id);
}

export function summarizeReport({ code, report }) {
  if (!report) return { exit: code, error: "no JSON report" };
  const files = report.files ?? [];
  return {
    exit: code,
    changed: files.filter((f) => (f.changes ?? []).length > 0).length,
    byHand: files.flatMap((f) => (f.problems ?? []).map((p) => `${f.file}:${p.line}: ${p.message}`)),
    unreadable: files.filter((f) => f.error).map((f) => `${f.file}: ${f.error}`),
  };
}

export function describe(r) {
  if (r.error && r.total === undefined) return r.error;
  return `${r.passed}/${r.total} passed${r.broken?.length ? `, ${r.broken.length} files did not run` : ""}`;
}

export function replacer(key, value) {
  return value instanceof Map ? Object.fromEntries(value) : value;
}

export function printTable(rows, check) {
  const lines = [];
  if (check) {
    lines.push(
      "| app | JS/TS files | written | fail to re-parse | parse, with strange names | unreadable | to do by hand | second run changes |",
    );
    lines.push("|---|---|---|---|---|---|---|---|");
    for (const r of rows) {
      if (r.error) lines.push(`| ${r.id} | ${r.error} |`);
      else {
        const m = r.migrate;
        lines.push(
          `| ${r.id} | ${r.parse.files} | ${r.parse.written} | ${r.parse.broken.length} | ${r.parse.corrupt.length} | ${m.unreadable?.length ?? "?"} | ${m.byHand?.length ?? "?"} | ${r.secondRun.changed.length} |`,
        );
      }
    }
  } else {
    lines.push("| app | Probot | runner | baseline | after migrate | lost |");
    lines.push("|---|---|---|---|---|---|");
    for (const r of rows) {
      const cell = (x) => (x ? describe(x) : "-");
      lines.push(
        `| ${r.id} | ${r.probot} | ${r.runner} | ${r.error ?? cell(r.baseline)} | ${cell(r.migrated)} | ${r.lost?.length ?? "-"} |`,
      );
    }
  }
  process.stdout.write(lines.join("\n") + "\n");
}
