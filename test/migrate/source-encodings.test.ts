import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { encodeSource } from "../../src/migrate/source-text.js";
import { formatReport } from "../../src/migrate/format-report.js";
import { spawnSync } from "node:child_process";

/**
 * Files as editors save them beside UTF-8: a single-byte code page (a comment typed on a Windows
 * machine in Latin-1), and UTF-16 with its byte order mark, which TypeScript reads. Every byte
 * outside the renamed names must come back as it was, and names in such files must be renamed,
 * not skipped.
 */
const LINES = [
  'const { Probot } = require("probot");',
  "// café, naïve: Latin-1",
  "module.exports = ({ app }) => {",
  '\tapp.on("issues.opened", async (context) => {',
  '\t\tawait context.octokit.issues.createComment(context.issue({ body: "Grüße" }));',
  "\t});",
  "};",
  "",
];
const SOURCE = LINES.join("\n");
const MIGRATED = SOURCE.replace('"probot"', '"gh-app-kit"')
  .replace("{ Probot }", "{ App }")
  .replace("context.octokit", "context.client");

const utf16be = (text: string) => {
  const bytes = Buffer.from(text, "utf16le");
  for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1] as number, bytes[i] as number];
  return bytes;
};

const CASES: ReadonlyArray<[what: string, file: string, encode: (text: string) => Buffer]> = [
  ["Latin-1 bytes that are not UTF-8", "latin1.js", (text) => Buffer.from(text, "latin1")],
  [
    "UTF-8 with one stray byte in a comment",
    "stray.js",
    (text) => Buffer.concat([Buffer.from(text.replace("Latin-1", "")), Buffer.from([0x2f, 0x2f, 0x20, 0x96, 0x0a])]),
  ],
  ["UTF-16 LE with a byte order mark", "utf16le.ts", (text) => Buffer.from(`\uFEFF${text}`, "utf16le")],
  ["UTF-16 BE with a byte order mark", "utf16be.ts", (text) => utf16be(`\uFEFF${text}`)],
  [
    "UTF-8 with a byte order mark and CR line ends",
    "bom-cr.js",
    (text) => Buffer.from(`\uFEFF${text.replace(/\n/g, "\r")}`),
  ],
];

describe("migrateApp: files that are not plain UTF-8", function () {
  // The first case loads the whole migration (parsers, codemods) in this worker: under a full run's
  // load, with the runtimes' tests beside it, that alone once took more than mocha's 20 s.
  this.timeout(60_000);
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-encodings-"));
    await writeFile(join(dir, "package.json"), '{ "name": "x", "dependencies": { "probot": "^12.3.0" } }\n');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  for (const [what, file, encode] of CASES) {
    it(`${what}: renames the names and keeps every other byte; a second run changes nothing`, async () => {
      const input = encode(SOURCE);
      await writeFile(join(dir, file), input);
      const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
      const entry = report.files.find((f) => f.file === file);
      expect(entry?.error, "not unreadable").to.equal(undefined);
      expect(entry?.changes.map((c) => c.text)).to.deep.equal([
        '"probot" → "gh-app-kit"',
        "Probot → App",
        ".octokit → .client",
      ]);
      const written = await readFile(join(dir, file));
      expect(written.equals(encode(MIGRATED)), `${file} holds exactly the renamed bytes`).to.equal(true);
      const second = await migrateApp({ directory: dir, framework: "^1.0.0" });
      expect(second.files.find((f) => f.file === file)?.changes ?? []).to.deep.equal([]);
      expect((await readFile(join(dir, file))).equals(written)).to.equal(true);
    });
  }
});

describe("encodeSource", () => {
  it("refuses to write a character a file read byte for byte cannot hold, saying what to do", () => {
    expect(() => encodeSource("// ok\n", "bytes")).not.to.throw();
    expect(() => encodeSource("// → \n", "bytes")).to.throw(/save it as UTF-8 and run app migrate again/);
  });
});

describe("migrateApp: a file that cannot be written", () => {
  let dir: string;
  let locked: string;
  before(async function () {
    dir = await mkdtemp(join(tmpdir(), "migrate-locked-"));
    await writeFile(join(dir, "package.json"), '{ "name": "x", "dependencies": { "probot": "^12.3.0" } }\n');
    for (const name of ["a.js", "b.js", "c.js"])
      await writeFile(join(dir, name), 'const { Probot } = require("probot");\n');
    locked = join(dir, "b.js");
    // An immutable file refuses writes even to root, as a read-only file refuses them to its owner.
    if (spawnSync("chattr", ["+i", locked]).status !== 0) this.skip();
  });
  after(async () => {
    spawnSync("chattr", ["-i", locked]);
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the others, lists it with what to do, and a second run finishes the work", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const entry = report.files.find((f) => f.file === "b.js");
    expect(entry?.changes).to.deep.equal([]);
    expect(entry?.writeError).to.match(
      /^could not be written \(EPERM\b.*\): make it writable, then run app migrate again/,
    );
    expect(await readFile(join(dir, "a.js"), "utf8")).to.equal('const { App } = require("gh-app-kit");\n');
    expect(await readFile(join(dir, "c.js"), "utf8")).to.equal('const { App } = require("gh-app-kit");\n');
    expect(await readFile(locked, "utf8")).to.equal('const { Probot } = require("probot");\n');
    const text = formatReport(report);
    expect(text).to.include("Could not write (1), left as they were:\n  b.js: could not be written (EPERM");
    expect(text).to.match(/3 files changed .*, 1 not written;/);
    spawnSync("chattr", ["-i", locked]);
    const second = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(second.files.map((f) => [f.file, f.changes.length, f.writeError])).to.deep.equal([["b.js", 2, undefined]]);
    expect(await readFile(locked, "utf8")).to.equal('const { App } = require("gh-app-kit");\n');
  });
});

describe("migrateApp: links", () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), "migrate-links-"));
    await mkdir(join(root, "shared"));
    await mkdir(join(root, "app/src"), { recursive: true });
    await writeFile(
      join(root, "shared/outside.js"),
      'const { Probot } = require("probot");\nmodule.exports = Probot;\n',
    );
    await writeFile(join(root, "shared/plain.js"), "module.exports = 1;\n");
    await writeFile(join(root, "app/package.json"), '{ "name": "x", "dependencies": { "probot": "^12.3.0" } }\n');
    await writeFile(join(root, "app/src/index.js"), 'const { Probot } = require("probot");\n');
    await symlink("../../shared/outside.js", join(root, "app/src/linked.js"));
    await symlink("../../shared/plain.js", join(root, "app/src/plain.js"));
    await symlink("index.js", join(root, "app/src/inside.js"));
    await symlink("../shared", join(root, "app/lib"));
  });
  after(() => rm(root, { recursive: true, force: true }));

  it("leaves a file outside the app as it was and lists each link to one that names probot", async () => {
    const report = await migrateApp({ directory: join(root, "app"), framework: "^1.0.0" });
    expect(await readFile(join(root, "shared/outside.js"), "utf8")).to.include('require("probot")');
    expect(await readFile(join(root, "app/src/index.js"), "utf8")).to.equal('const { App } = require("gh-app-kit");\n');
    const listed = report.files.flatMap((f) => f.problems.map((p) => [f.file, p.message, p.hint]));
    expect(listed).to.deep.equal([
      [
        "lib",
        "a link to ../shared, outside the app, whose files name probot: left as they were",
        "Run app migrate where those files are (or copy them into the app), or rename by hand",
      ],
      [
        "src/linked.js",
        "a link to ../../shared/outside.js, outside the app, whose files name probot: left as they were",
        "Run app migrate where those files are (or copy them into the app), or rename by hand",
      ],
    ]);
  });
});

describe("migrateApp: a package.json with a byte order mark", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-bom-manifest-"));
    // npm reads such a file (its JSON parser drops the mark), as Windows editors save it.
    const manifest = '\uFEFF{\r\n\t"name": "x",\r\n\t"dependencies": { "probot": "^12.3.0" }\r\n}\r\n';
    await writeFile(join(dir, "package.json"), manifest);
    await mkdir(join(dir, "functions"));
    await writeFile(join(dir, "functions/package.json"), manifest.replace('"x"', '"fn"'));
    await writeFile(join(dir, "index.js"), 'const { Probot } = require("probot");\n');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("is moved, keeping the mark, its tabs and its line ends, as is a nested one", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(report.files.filter((f) => f.error)).to.deep.equal([]);
    for (const file of ["package.json", "functions/package.json"]) {
      const text = await readFile(join(dir, file), "utf8");
      expect(text.startsWith('\uFEFF{\r\n\t"name": '), file).to.equal(true);
      expect(text, file).to.include('\r\n\t"dependencies": {\r\n\t\t"gh-app-kit": "^1.0.0"\r\n\t}');
      expect(text, file).not.to.include("probot");
    }
  });
});
