#!/usr/bin/env node
// `app migrate` over every folder with a package.json that names probot, in every git mirror under
// --mirrors (their newest commit): the apps of the corpus and any other Probot code fetched, each
// package of a monorepo on its own. For each: no written file fails to re-parse or holds names the
// migration never writes, the run exits 0, and a second run changes nothing. It runs no app's
// tests, so it is quick (about a minute for 60 folders); needs a build (`npm run build`).
// With --spelling, each folder is also migrated written another way (CRLF line ends, a BOM, tabs for
// the indentation): the result must be the plain migration written that same way.
//   node scripts/corpus/check-migrate-all.mjs --mirrors DIR [--only a+b,c+d] [--spelling crlf,bom,tabs] [--work DIR] [--json FILE]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { changedFiles, compareParse, readSources } from "./lib/check-migrate.mjs";
import { checkout, findMirror } from "./lib/source.mjs";

/**
 * The ways the same file can be written: each takes a file as checked out. `tabs` turns each
 * leading run of two or four spaces (the file's unit: the smallest indentation of its lines) into a tab.
 */
const SPELLINGS = {
  crlf: (text) => text.replace(/\r?\n/g, "\r\n"),
  // Not before a `#!` line: Node refuses a file that starts with both.
  bom: (text) => (text.startsWith("\uFEFF") || text.startsWith("#!") ? text : `\uFEFF${text}`),
  tabs: (text) => {
    const unit = Math.min(...[...text.matchAll(/^( +)\S/gm)].map((match) => match[1].length).filter((n) => n >= 2), 8);
    const lead = new RegExp(`^((?: {${unit}})+)`, "gm");
    return text.replace(lead, (spaces) => "\t".repeat(spaces.length / unit));
  },
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    mirrors: { type: "string" },
    only: { type: "string" },
    work: { type: "string", default: path.join(os.tmpdir(), "gh-app-kit-migrate-all") },
    json: { type: "string" },
    spelling: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout
    .write(`Usage: node scripts/corpus/check-migrate-all.mjs --mirrors DIR [--only a+b,c+d] [--work DIR] [--json FILE]

app migrate over every folder with a package.json that names probot, in each git mirror under DIR
(<owner>+<name>/repo, or <owner>+<name>.git), at its newest commit. Fails a folder whose written files
do not parse again, hold names the migration never writes, or change on a second run, and one with a
file the migration left as it was because it could not show its rewrite right. Needs npm run build.

  --mirrors DIR    where the mirrors are (as run-corpus.mjs reads them)
  --only LIST      these mirrors only, comma-separated (owner+name)
  --work DIR       scratch folder (default: the system's temporary folder)
  --spelling LIST  also migrate each folder with its JS/TS files written another way: crlf (CRLF line
                   ends), bom (a byte order mark), tabs (tabs for the indentation), comma-separated;
                   fails a folder whose result is not the plain migration written that same way
  --json FILE      also write the rows as JSON
`);
  process.exit(0);
}
if (!values.mirrors) {
  console.error("Say where the mirrors are: --mirrors DIR (folders <owner>+<name>/repo, as run-corpus.mjs reads).");
  process.exit(2);
}
const bin = path.join(ROOT, "bin/run.js");
if (!existsSync(path.join(ROOT, "dist/commands/migrate.js"))) {
  console.error("No build: run npm run build first.");
  process.exit(2);
}
const only = values.only?.split(",");
const spellings = values.spelling?.split(",").filter(Boolean) ?? [];
const unknownSpelling = spellings.filter((name) => !(name in SPELLINGS));
if (unknownSpelling.length > 0) {
  console.error(
    `--spelling: no spelling ${unknownSpelling.join(", ")} (there are ${Object.keys(SPELLINGS).join(", ")}).`,
  );
  process.exit(2);
}
const rows = [];
for (const name of readdirSync(values.mirrors).sort()) {
  if (only && !only.includes(name)) continue;
  if (!name.includes("+")) continue;
  const repo = name.replace("+", "/");
  if (!findMirror(values.mirrors, repo)) continue;
  const dest = path.join(values.work, name);
  const logFile = path.join(values.work, `${name}.log`);
  mkdirSync(values.work, { recursive: true });
  // The newest commit; files a snapshot left out (very large ones) are left out here too.
  const why = await checkout({ repo, commit: "HEAD" }, { mirrors: values.mirrors, dest, logFile });
  if (why) {
    console.log(`skip ${name}: ${why}`);
    continue;
  }
  for (const folder of packageFolders(dest)) {
    // Each spelling from a copy of the folder as checked out, before the plain run writes to it.
    const copies = spellings.map((spelling) => {
      const copy = path.join(values.work, "spellings", spelling, name, path.relative(dest, folder));
      rmSync(copy, { recursive: true, force: true });
      cpSync(folder, copy, { recursive: true });
      for (const [file, text] of readSources(copy)) writeFileSync(path.join(copy, file), SPELLINGS[spelling](text));
      return { spelling, copy };
    });
    const row = check(name, dest, folder);
    rows.push(row);
    for (const { spelling, copy } of copies) rows.push(checkSpelling(row, spelling, folder, copy));
  }
}
const bad = rows.filter((row) => !row.ok);
console.log(`\n${rows.length} folders, ${bad.length} with a problem`);
if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 1));
rmSync(values.work, { recursive: true, force: true });
process.exit(bad.length > 0 ? 1 : 0);

/** Folders under `root` whose package.json names probot (node_modules left out). */
function packageFolders(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === "node_modules" || entry.name === ".git") continue;
      walk(path.join(dir, entry.name));
    }
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && /probot/.test(readFileSync(manifest, "utf8"))) found.push(dir);
  };
  walk(root);
  return found;
}

function migrateFolder(folder) {
  return spawnSync(process.execPath, [bin, "migrate", folder, "--framework", "^1.0.0", "--json"], {
    encoding: "utf8",
    timeout: 300_000,
    // The JSON report holds the diff: a bundle's runs to megabytes.
    maxBuffer: 512 * 1024 * 1024,
  });
}

/**
 * Files the migration left as they were because it could not show its rewrite right: by its own
 * words, a bug of app migrate (a Probot 14 suite's renames were once left undone that way).
 */
function leftUnproven(result) {
  // Inside: the checks run at the module's top level, before a const declared here would be set.
  const UNPROVEN =
    /^left as it was: (the rewrite would have changed more than the renames|app migrate failed on this file)/;
  try {
    const report = JSON.parse(result.stdout);
    return (report.files ?? [])
      .filter((file) => file.problems?.some((problem) => UNPROVEN.test(problem.message)))
      .map((file) => file.file);
  } catch {
    return ["(no JSON report)"];
  }
}

/** The folder migrated from `copy` (written another way) must be the plain migration written that way. */
function checkSpelling(plain, spelling, folder, copy) {
  const before = readSources(copy);
  const first = migrateFolder(copy);
  const once = readSources(copy);
  const parse = compareParse(before, once);
  const again = changedFiles(once, readSources(copy));
  migrateFolder(copy);
  const expected = readSources(folder);
  const differ = [...once.keys()].filter((file) => once.get(file) !== SPELLINGS[spelling](expected.get(file) ?? ""));
  const row = {
    folder: `${plain.folder} (${spelling})`,
    exit: [first.status],
    files: parse.files,
    written: parse.written,
    broken: parse.broken,
    corrupt: parse.corrupt,
    secondRunChanged: again,
    differ,
    unproven: leftUnproven(first),
    stderr: first.stderr.trim().slice(0, 500),
  };
  judge(row, first, { differ });
  rmSync(copy, { recursive: true, force: true });
  return row;
}

function check(name, root, folder) {
  const migrate = () => migrateFolder(folder);
  const before = readSources(folder);
  const first = migrate();
  const once = readSources(folder);
  const second = migrate();
  const parse = compareParse(before, once);
  const again = changedFiles(once, readSources(folder));
  const row = {
    folder: path.join(name, path.relative(root, folder)),
    exit: [first.status, second.status],
    files: parse.files,
    written: parse.written,
    broken: parse.broken,
    corrupt: parse.corrupt,
    secondRunChanged: again,
    unproven: leftUnproven(first),
    stderr: first.stderr.trim().slice(0, 500),
  };
  return judge(row, first);
}

/** Sets `row.ok` (and prints the row): no exit but 0, nothing on stderr, every list of trouble empty. */
function judge(row, first, extra = {}) {
  const lists = {
    broken: row.broken,
    corrupt: row.corrupt,
    unproven: row.unproven,
    again: row.secondRunChanged,
    ...extra,
  };
  row.ok = first.status === 0 && !row.stderr && Object.values(lists).every((list) => list.length === 0);
  const detail = row.ok ? "" : ` ${JSON.stringify({ exit: row.exit, ...lists, stderr: row.stderr })}`;
  console.log(`${row.ok ? "ok " : "BAD"} ${row.folder}: ${row.written} of ${row.files} files written${detail}`);
  return row;
}
