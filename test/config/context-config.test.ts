import { expect } from "chai";
import type { MergeOptions } from "../../src/config/types.js";
import { useConfigFixture } from "./helpers/config-fixture.js";

type Row = {
  rule: string;
  files: Record<string, string>;
  fileName?: string;
  defaults?: Record<string, unknown>;
  mergeOptions?: MergeOptions;
  expected: unknown;
};

const chainOf = (length: number): Record<string, string> => {
  const files: Record<string, string> = { "octo/hello:.github/app.yml": "_extends: base-1\ndepth: 0" };
  for (let n = 1; n <= length; n += 1) {
    files[`octo/base-${n}:.github/app.yml`] =
      n < length ? `_extends: base-${n + 1}\ndepth: ${n}` : `depth: ${n}\nbottom: true`;
  }
  return files;
};

// context.config(fileName, defaults?, deepMergeOptions?) on a real Context of octo/hello.
const rows: Row[] = [
  {
    rule: "the repository's .github/<fileName> is read as YAML",
    files: { "octo/hello:.github/app.yml": "greeting: hi\ncount: 2" },
    expected: { greeting: "hi", count: 2 },
  },
  {
    rule: "a .json file name is read as JSON",
    fileName: "app.json",
    files: { "octo/hello:.github/app.json": '{"greeting": "hi", "on": [1, 2]}' },
    expected: { greeting: "hi", on: [1, 2] },
  },
  {
    rule: "a file name may name a folder inside .github",
    fileName: "bots/app.yaml",
    files: { "octo/hello:.github/bots/app.yaml": "nested: yes" },
    expected: { nested: "yes" },
  },
  { rule: "null when no file exists in the repository or the owner's .github", files: {}, expected: null },
  {
    rule: "the defaults when no file exists and defaults are given",
    files: {},
    defaults: { greeting: "hi" },
    expected: { greeting: "hi" },
  },
  {
    rule: "the owner's .github repository is read when the repository has no file",
    files: { "octo/.github:.github/app.yml": "shared: true" },
    expected: { shared: true },
  },
  {
    rule: "the repository's file wins and the owner's .github file is not merged in",
    files: { "octo/hello:.github/app.yml": "own: 1", "octo/.github:.github/app.yml": "shared: 1" },
    expected: { own: 1 },
  },
  {
    rule: "an anchor shared by many keys is no alias bomb: each key gets the anchored mapping",
    files: {
      "octo/hello:.github/app.yml": [
        "base: &base {labels: [bug], color: red}",
        ...Array.from({ length: 60 }, (_, n) => `repo${n}: *base`),
      ].join("\n"),
    },
    expected: Object.fromEntries([
      ["base", { labels: ["bug"], color: "red" }],
      ...Array.from({ length: 60 }, (_, n) => [`repo${n}`, { labels: ["bug"], color: "red" }]),
    ]),
  },
  {
    rule: "an empty file is an empty config, not a missing one",
    files: { "octo/hello:.github/app.yml": "# nothing set yet\n" },
    defaults: { greeting: "hi" },
    expected: { greeting: "hi" },
  },
  {
    rule: "defaults fill the keys the file leaves out",
    files: { "octo/hello:.github/app.yml": "b: 3" },
    defaults: { a: 1, b: 2 },
    expected: { a: 1, b: 3 },
  },
  {
    rule: "a nested key from the defaults survives the merge",
    files: { "octo/hello:.github/app.yml": "labels:\n  bug: orange" },
    defaults: { labels: { bug: "red", docs: "blue" } },
    expected: { labels: { bug: "orange", docs: "blue" } },
  },
  {
    rule: "a nested key from a base survives the merge",
    files: {
      "octo/hello:.github/app.yml": "_extends: settings\nmerge:\n  method: squash",
      "octo/settings:.github/app.yml": "merge:\n  method: merge\n  delete_branch: true",
    },
    expected: { merge: { method: "squash", delete_branch: true } },
  },
  {
    rule: "the file wins over its base, and the base over the defaults",
    files: {
      "octo/hello:.github/app.yml": "_extends: settings\na: file",
      "octo/settings:.github/app.yml": "a: base\nb: base",
    },
    defaults: { a: "default", b: "default", c: "default" },
    expected: { a: "file", b: "base", c: "default" },
  },
  {
    rule: "_extends with an org reads the base from that org",
    files: {
      "octo/hello:.github/app.yml": "_extends: other-org/settings\nown: 1",
      "other-org/settings:.github/app.yml": "theirs: 1",
    },
    expected: { own: 1, theirs: 1 },
  },
  {
    rule: "_extends with a file name reads that file of the base repository",
    files: {
      "octo/hello:.github/app.yml": "_extends: settings:shared/common.yaml",
      "octo/settings:shared/common.yaml": "common: true",
    },
    expected: { common: true },
  },
  {
    rule: "a chain of bases is followed to its end, the deepest merged first",
    files: {
      "octo/hello:.github/app.yml": "_extends: a\nz: file",
      "octo/a:.github/app.yml": "_extends: b\ny: a\nz: a",
      "octo/b:.github/app.yml": "x: b\ny: b\nz: b",
    },
    expected: { x: "b", y: "a", z: "file" },
  },
  {
    rule: "a base's own _extends defaults to the base's owner",
    files: {
      "octo/hello:.github/app.yml": "_extends: other-org/settings",
      "other-org/settings:.github/app.yml": "_extends: common",
      "other-org/common:.github/app.yml": "from: other-org",
    },
    expected: { from: "other-org" },
  },
  {
    rule: "the owner's .github file may itself extend a base",
    files: {
      "octo/.github:.github/app.yml": "_extends: settings\nshared: 1",
      "octo/settings:.github/app.yml": "base: 1",
    },
    expected: { shared: 1, base: 1 },
  },
  { rule: "a chain of exactly 10 bases is followed", files: chainOf(10), expected: { depth: 0, bottom: true } },
  {
    // As Probot's config plugin: a base that is not there (or that the installation cannot read) is skipped.
    rule: "a missing base ends the chain: the file is merged over the defaults without it",
    files: { "octo/hello:.github/app.yml": "_extends: nowhere\nown: 1" },
    defaults: { fallback: true },
    expected: { fallback: true, own: 1 },
  },
  {
    rule: "a missing base deeper in the chain keeps the bases read before it",
    files: {
      "octo/hello:.github/app.yml": "_extends: middle\nown: 1",
      "octo/middle:.github/app.yml": "_extends: other-org/nowhere:shared/app.yml\nmiddle: 2",
    },
    expected: { middle: 2, own: 1 },
  },
  {
    rule: "lists concatenate: defaults, then bases, then the file",
    files: {
      "octo/hello:.github/app.yml": "_extends: settings\nlabels: [c]",
      "octo/settings:.github/app.yml": "labels: [b]",
    },
    defaults: { labels: ["a"] },
    expected: { labels: ["a", "b", "c"] },
  },
  {
    rule: "deepMergeOptions choose how lists merge",
    files: { "octo/hello:.github/app.yml": "labels: [c]" },
    defaults: { labels: ["a", "b"] },
    mergeOptions: { arrayMerge: (_target: unknown[], source: unknown[]) => source },
    expected: { labels: ["c"] },
  },
  {
    rule: "YAML 1.2 core schema: yes and dates stay strings, hex is a number",
    files: { "octo/hello:.github/app.yml": "a: yes\nb: 0x1F\nc: 2024-01-01\nd: ~" },
    expected: { a: "yes", b: 31, c: "2024-01-01", d: null },
  },
  {
    rule: "__proto__, constructor and prototype keys are dropped, the rest kept",
    files: {
      "octo/hello:.github/app.yml":
        "__proto__:\n  polluted: yes\nnested:\n  constructor:\n    prototype:\n      polluted: yes\n  safe: 1",
    },
    expected: { nested: { safe: 1 } },
  },
  {
    rule: "a JSON __proto__ key is dropped too",
    fileName: "app.json",
    files: { "octo/hello:.github/app.json": '{"__proto__": {"polluted": "yes"}, "kept": 1}' },
    expected: { kept: 1 },
  },
  {
    rule: "a byte-order mark before a JSON file is ignored",
    fileName: "app.json",
    files: { "octo/hello:.github/app.json": '\uFEFF{"kept": 1}' },
    expected: { kept: 1 },
  },
];

describe("context.config(): lookup and merge", () => {
  const fixture = useConfigFixture();

  for (const row of rows) {
    it(row.rule, async () => {
      for (const [address, text] of Object.entries(row.files)) fixture.files.set(address, text);
      const { app } = fixture.newApp();
      const config = await fixture.context(app).config(row.fileName ?? "app.yml", row.defaults, row.mergeOptions);
      expect(config).to.deep.equal(row.expected);
      expect(({} as Record<string, unknown>)["polluted"]).to.equal(undefined);
      if (config !== null) expect(Object.getPrototypeOf(config)).to.equal(Object.prototype);
    });
  }

  it("leaves the defaults object as it was", async () => {
    fixture.files.set("octo/hello:.github/app.yml", "labels:\n  bug: orange\nlist: [2]");
    const defaults = { labels: { bug: "red" }, list: [1] };
    const { app } = fixture.newApp();
    const config = await fixture.context(app).config("app.yml", defaults);
    expect(config).to.deep.equal({ labels: { bug: "orange" }, list: [1, 2] });
    expect(defaults).to.deep.equal({ labels: { bug: "red" }, list: [1] });
  });

  it("reads as the event's installation", async () => {
    fixture.files.set("octo/hello:.github/app.yml", "a: 1");
    const { app } = fixture.newApp();
    await fixture.context(app).config("app.yml");
    expect(fixture.files.reads().map((call) => call.auth.type)).to.deep.equal(["installation"]);
  });
});
