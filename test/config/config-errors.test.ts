import { expect } from "chai";
import { Context } from "../../src/context.js";
import { isAppError, type AppErrorCode } from "../../src/errors.js";
import { useConfigFixture } from "./helpers/config-fixture.js";

type Row = {
  rule: string;
  files?: Record<string, string>;
  raw?: Record<string, unknown>;
  /** Addresses the platform answers with this status. */
  fail?: Record<string, number>;
  fileName?: string;
  code: AppErrorCode;
  message: RegExp;
  /** False when the name is refused before any request. */
  reads?: boolean;
};

const FILE = "octo/hello:\\.github/app\\.yml";
const bomb = [
  "a: &a [x, x, x, x, x, x, x, x, x]",
  "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",
  "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]",
  "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c]",
].join("\n");
// Ten levels of nine aliases: 90 alias nodes, which expand to 9^10 copies.
const deepBomb = ["l0: &l0 [x, x, x, x, x, x, x, x, x]"]
  .concat(Array.from({ length: 10 }, (_, n) => `l${n + 1}: &l${n + 1} [${Array(9).fill(`*l${n}`).join(", ")}]`))
  .join("\n");
const longChain: Record<string, string> = { "octo/hello:.github/app.yml": "_extends: base-1" };
for (let n = 1; n <= 11; n += 1) longChain[`octo/base-${n}:.github/app.yml`] = `_extends: base-${n + 1}`;

// Each row: context.config() rejects with this code, and a message naming the file.
const rows: Row[] = [
  {
    rule: "invalid YAML is an error with Probot's sentence, naming owner, repo, path and line",
    files: { "octo/hello:.github/app.yml": "a: 1\nb: [1, 2\nc: 3" },
    code: "CONFIG_INVALID",
    message: new RegExp(
      `^Configuration could not be parsed from https?://\\S+/repos/octo/hello/contents/\\.github%2Fapp\\.yml \\(invalid YAML\\)\\. The config file ${FILE} is not valid YAML: .*\\(line \\d+, column \\d+\\)`,
    ),
  },
  {
    rule: "invalid JSON is an error naming the file",
    fileName: "app.json",
    files: { "octo/hello:.github/app.json": '{"a": 1,}' },
    code: "CONFIG_INVALID",
    message: /octo\/hello:\.github\/app\.json is not valid JSON/,
  },
  {
    rule: "an unsafe tag (!!js/function) is an error, not a string",
    files: { "octo/hello:.github/app.yml": "run: !!js/function 'function () { return 1 }'" },
    code: "CONFIG_INVALID",
    message: new RegExp(`${FILE} uses a tag .*!!js/function`),
  },
  {
    rule: "a custom tag is an error too",
    files: { "octo/hello:.github/app.yml": "run: !shell rm -rf /" },
    code: "CONFIG_INVALID",
    message: /uses a tag .*!shell/,
  },
  {
    rule: "an alias bomb is an error, not a billion strings",
    files: { "octo/hello:.github/app.yml": bomb },
    code: "CONFIG_INVALID",
    message: new RegExp(`${FILE} expands more than 100 aliases`),
  },
  {
    rule: "a duplicate key is an error",
    files: { "octo/hello:.github/app.yml": "a: 1\na: 2" },
    code: "CONFIG_INVALID",
    message: new RegExp(`${FILE} is not valid YAML: duplicated mapping key \\(line 2, column 1\\)`),
  },
  {
    rule: "a deeper alias bomb, of fewer than 100 aliases, is an error too",
    files: { "octo/hello:.github/app.yml": deepBomb },
    code: "CONFIG_INVALID",
    message: new RegExp(`${FILE} expands more than 100 aliases`),
  },
  {
    rule: "two YAML documents in one file are an error, not the first of them",
    files: { "octo/hello:.github/app.yml": "a: 1\n---\nb: 2" },
    code: "CONFIG_INVALID",
    message: new RegExp(`${FILE} holds 2 YAML documents`),
  },
  {
    rule: "a plain string is not a config",
    files: { "octo/hello:.github/app.yml": "just words" },
    code: "CONFIG_INVALID",
    message: /holds a string, not a mapping/,
  },
  {
    rule: "a number in a JSON file is not a config",
    fileName: "app.json",
    files: { "octo/hello:.github/app.json": "42" },
    code: "CONFIG_INVALID",
    message: /holds a number/,
  },
  {
    rule: "nesting deeper than 64 levels is refused",
    fileName: "app.json",
    files: { "octo/hello:.github/app.json": `${'{"a":'.repeat(80)}1${"}".repeat(80)}` },
    code: "CONFIG_INVALID",
    message: /nests deeper than 64 levels/,
  },
  {
    rule: "a directory is not a config",
    files: { "octo/hello:.github/app.yml/inner.yml": "a: 1" },
    code: "CONFIG_INVALID",
    message: new RegExp(`${FILE} is a directory`),
  },
  {
    rule: "a submodule is not a config",
    raw: { "octo/hello:.github/app.yml": { type: "submodule", name: "app.yml", path: ".github/app.yml" } },
    code: "CONFIG_INVALID",
    message: /is a submodule, not a file/,
  },
  {
    rule: "a file over 1 MB (sent without content) is refused",
    raw: { "octo/hello:.github/app.yml": { type: "file", encoding: "none", content: "", size: 2_000_000 } },
    code: "CONFIG_INVALID",
    message: /too large .*over 1 MB/,
  },
  {
    rule: "an error in a base names the base, not the file",
    files: { "octo/hello:.github/app.yml": "_extends: settings", "octo/settings:.github/app.yml": "a: [" },
    code: "CONFIG_INVALID",
    message: /octo\/settings:\.github\/app\.yml is not valid YAML/,
  },
  {
    rule: "an _extends that is not a base reference is an error",
    files: { "octo/hello:.github/app.yml": "_extends: a/b/c" },
    code: "CONFIG_EXTENDS_INVALID",
    message: new RegExp(`_extends value "a/b/c" in ${FILE} is not a base reference`),
  },
  {
    rule: "an _extends that is not a string is an error",
    files: { "octo/hello:.github/app.yml": "_extends: [a, b]" },
    code: "CONFIG_EXTENDS_INVALID",
    message: /_extends value \(a list\) in octo\/hello/,
  },
  {
    rule: "an empty _extends is an error",
    files: { "octo/hello:.github/app.yml": "_extends:" },
    code: "CONFIG_EXTENDS_INVALID",
    message: /_extends value null in octo\/hello/,
  },
  {
    rule: "an _extends path with .. is refused",
    files: { "octo/hello:.github/app.yml": "_extends: settings:../../etc/app.yml" },
    code: "CONFIG_EXTENDS_INVALID",
    message: /names a path that is not allowed: a \.\. segment/,
  },
  {
    rule: "an absolute _extends path is refused",
    files: { "octo/hello:.github/app.yml": "_extends: settings:/etc/app.yml" },
    code: "CONFIG_EXTENDS_INVALID",
    message: /names a path that is not allowed: it is absolute/,
  },
  {
    rule: "an _extends naming .. as the repository is refused",
    files: { "octo/hello:.github/app.yml": "_extends: .." },
    code: "CONFIG_EXTENDS_INVALID",
    message: /names "\.\.", which is not a repository/,
  },
  {
    rule: "a YAML date, set, ordered map or binary is an error, not an empty object",
    files: { "octo/hello:.github/app.yml": "since: !!timestamp 2024-01-01" },
    code: "CONFIG_INVALID",
    message: new RegExp(
      `${FILE} uses a tag this parser does not run: unknown scalar tag !!timestamp \\(line 1, column 8\\)`,
    ),
  },
  {
    rule: "a YAML !!binary value is an error, not a list of bytes",
    files: { "octo/hello:.github/app.yml": "data: !!binary aGVsbG8=" },
    code: "CONFIG_INVALID",
    message: /uses a tag this parser does not run: unknown scalar tag !!binary \(line 1, column 7\)/,
  },
  {
    rule: "a YAML merge key (<<) is an error, not a key named <<",
    files: { "octo/hello:.github/app.yml": "base: &b {x: 1}\nmine:\n  <<: *b" },
    code: "CONFIG_INVALID",
    message: /uses a YAML merge key/,
  },
  {
    rule: "an _extends cycle is an error naming the repos",
    files: {
      "octo/hello:.github/app.yml": "_extends: a",
      "octo/a:.github/app.yml": "_extends: b",
      "octo/b:.github/app.yml": "_extends: a",
    },
    code: "CONFIG_EXTENDS_INVALID",
    message: /circle: octo\/a:\.github\/app\.yml -> octo\/b:\.github\/app\.yml -> octo\/a:\.github\/app\.yml/,
  },
  {
    rule: "a file extending itself is a cycle",
    files: { "octo/hello:.github/app.yml": "_extends: Hello" },
    code: "CONFIG_EXTENDS_INVALID",
    message: /circle: octo\/hello:\.github\/app\.yml -> octo\/Hello:\.github\/app\.yml/,
  },
  {
    rule: "a chain longer than 10 bases is an error",
    files: longChain,
    code: "CONFIG_EXTENDS_INVALID",
    message: new RegExp(`chain of ${FILE} has more than 10 bases`),
  },
  {
    rule: "a base the platform answers 5xx for is an error naming that base",
    files: { "octo/hello:.github/app.yml": "_extends: settings" },
    fail: { "octo/settings:.github/app.yml": 502 },
    code: "CONFIG_UNREADABLE",
    message: /octo\/settings:\.github\/app\.yml could not be read: the platform answered 502/,
  },
  {
    rule: "a file name with .. is refused before any request",
    fileName: "../secrets.yml",
    code: "CONFIG_PATH_INVALID",
    message: /"\.\.\/secrets\.yml" for octo\/hello is not allowed: a \.\. segment would leave the folder/,
    reads: false,
  },
  {
    rule: "a .. in the middle of a file name is refused",
    fileName: "bots/../../x.yml",
    code: "CONFIG_PATH_INVALID",
    message: /a \.\. segment/,
    reads: false,
  },
  {
    rule: "an absolute file name is refused",
    fileName: "/etc/app.yml",
    code: "CONFIG_PATH_INVALID",
    message: /it is absolute/,
    reads: false,
  },
  {
    rule: "a backslash in a file name is refused",
    fileName: "..\\app.yml",
    code: "CONFIG_PATH_INVALID",
    message: /backslash/,
    reads: false,
  },
  {
    rule: "an empty file name is refused",
    fileName: "",
    code: "CONFIG_PATH_INVALID",
    message: /"" for octo\/hello is not allowed: it is empty/,
    reads: false,
  },
  {
    rule: "a file name that is not .yml, .yaml or .json is refused",
    fileName: "app.txt",
    code: "CONFIG_PATH_INVALID",
    message: /only \.yml, \.yaml and \.json/,
    reads: false,
  },
];

describe("context.config(): errors", () => {
  const fixture = useConfigFixture();

  for (const row of rows) {
    it(row.rule, async () => {
      for (const [address, text] of Object.entries(row.files ?? {})) fixture.files.set(address, text);
      for (const [address, body] of Object.entries(row.raw ?? {})) fixture.files.setRaw(address, body);
      for (const [address, status] of Object.entries(row.fail ?? {})) fixture.files.fail(address, status);
      const { app, logs } = fixture.newApp();
      const error = await fixture
        .context(app)
        .config(row.fileName ?? "app.yml")
        .then(
          () => expect.fail("expected a rejection"),
          (failure: unknown) => failure,
        );
      expect(isAppError(error), String(error)).to.equal(true);
      expect(error).to.include({ code: row.code });
      expect((error as Error).message).to.match(row.message);
      expect((error as Error).message).not.to.include("\n");
      expect((error as { hint?: string }).hint).to.be.a("string").that.is.not.empty;
      for (const token of fixture.platform.issuedTokens()) {
        expect(`${(error as Error).message} ${logs.text()}`).not.to.include(token);
      }
      if (row.reads === false) expect(fixture.files.reads()).to.have.length(0);
    });
  }

  it("explains that an event without a repository has no config", async () => {
    const { app } = fixture.newApp();
    const context = new Context(
      { id: "d", name: "installation", payload: { action: "created", installation: { id: 1 } } },
      app,
    );
    const error = await context.config("app.yml").then(
      () => expect.fail("expected a rejection"),
      (failure: unknown) => failure,
    );
    expect(error).to.include({ code: "CONTEXT_NO_REPOSITORY" });
  });
});
