import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * Probot 9's `context.issue()` gave `{ owner, repo, number }`, and apps of that time gave `number` to the
 * client's issues and pulls methods. The code is migrated to `issue_number` / `pull_number`; the suites'
 * expectations of client doubles recorded `number` (JasonEtco/todo's snapshots, probot/attachments' and
 * probot/mistaken-pull-closer's toHaveBeenCalledWith, offu/close-issue-app's snapshots).
 */
async function migrated(
  probot: string,
  files: Record<string, string>,
): Promise<{ files: Record<string, string>; report: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "migrate-probot-9-expectations-"));
  try {
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "app", dependencies: { probot } }));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(dir, name, ".."), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.diff, "a second run changes nothing").to.equal("");
    const after: Record<string, string> = {};
    for (const name of Object.keys(files)) after[name] = await readFile(join(dir, name), "utf8");
    return {
      files: after,
      report: report.files.flatMap((file) => [
        ...file.changes.map((change) => `${file.file}:${change.line} ${change.text}`),
        ...file.problems.map((problem) => `${file.file}:${problem.line ?? ""} ${problem.message}`),
      ]),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const TEST = [
  "const { Context } = require('probot')",
  "test('comments', async () => {",
  "  expect(github.issues.createComment).toHaveBeenCalledWith({",
  "    body: 'hi',",
  "    number: 15445,",
  "    owner: 'atom',",
  "    repo: 'atom'",
  "  })",
  "  expect(github.issues.edit).toBeCalledWith(expect.objectContaining({ number: 43 }))",
  "  expect(github.issues.updateMilestone.mock.calls[0][0]).toEqual({ owner: 'o', repo: 'r', number: 2 })",
  "  expect(github.pulls.merge).toHaveBeenNthCalledWith(1, { owner: 'o', repo: 'r', number: 5 })",
  "  expect(github.issues.addLabels.mock.calls[0]).toEqual([{ number: 1, labels: ['x'] }])",
  "  expect(github.pullRequests.merge).toHaveBeenCalledWith({ owner: 'o', repo: 'r', number: 5 })",
  "  expect(payload.issue).toEqual({ number: 1 })",
  "  expect(github.search.issues).toHaveBeenCalledWith({ q: 'x', number: 1 })",
  "})",
  "",
].join("\n");

describe("app migrate: the expectations of Probot 9 suites of what the client's issues and pulls methods got", () => {
  it("rename number in toHaveBeenCalledWith, objectContaining and the mock's calls, by the method's key", async () => {
    const { files, report } = await migrated("^9.15.1", { "test/index.test.js": TEST });
    expect(files["test/index.test.js"]).to.equal(
      TEST.replace("require('probot')", "require('gh-app-kit')")
        .replace("    number: 15445,", "    issue_number: 15445,")
        .replace("objectContaining({ number: 43 })", "objectContaining({ issue_number: 43 })")
        .replace("repo: 'r', number: 2 })", "repo: 'r', milestone_number: 2 })")
        .replace("(1, { owner: 'o', repo: 'r', number: 5 })", "(1, { owner: 'o', repo: 'r', pull_number: 5 })")
        .replace("[{ number: 1, labels", "[{ issue_number: 1, labels"),
    );
    expect(report.filter((line) => / → (issue|pull|milestone)_number/.test(line))).to.have.length(5);
  });

  it("leave them in the suite of a Probot 10 app", async () => {
    const { files } = await migrated("^10.0.0", { "test/index.test.js": TEST });
    expect(files["test/index.test.js"]).to.equal(TEST.replace("require('probot')", "require('gh-app-kit')"));
  });

  const SNAPSHOT_TEST = [
    "const { Context } = require('probot')",
    "test('un-edits the issue title', async () => {",
    "  expect(github.issues.update.mock.calls[0][0]).toMatchSnapshot()",
    "  expect(params).toMatchSnapshot()",
    "})",
    "",
  ].join("\n");
  // As jest 23 to 26 wrote them ("Object {"), with a body over several lines.
  const SNAPSHOT = [
    "// Jest Snapshot v1, https://goo.gl/fbAQLP",
    "",
    'exports[`un-edits the issue title "quoted" 1`] = `',
    "Object {",
    '  "number": 35,',
    '  "owner": "JasonEtco",',
    '  "repo": "tests",',
    '  "title": "I have been edited",',
    "}",
    "`;",
    "",
    "exports[`un-edits the issue title 2`] = `",
    "Array [",
    "  Object {",
    '    "body": "## Title',
    "",
    '  "number": 1,',
    "---",
    '###### A \\"quoted\\" line, and a \\`tick\\`",',
    '    "labels": Array [',
    '      "bug",',
    "    ],",
    '    "number": 32,',
    '    "owner": "JasonEtco",',
    '    "repo": "tests",',
    "  },",
    "]",
    "`;",
    "",
    "exports[`a payload 1`] = `",
    "Object {",
    '  "issue": Object {',
    '    "number": 35,',
    '    "title": "t",',
    "  },",
    '  "owner": Object {',
    '    "login": "o",',
    "  },",
    '  "repo": "r",',
    "}",
    "`;",
    "",
  ].join("\n");

  it("rename number in jest snapshots of the client's parameters, with the keys in jest's order", async () => {
    const { files, report } = await migrated("9.15.1", {
      "test/title.test.js": SNAPSHOT_TEST,
      "test/__snapshots__/title.test.js.snap": SNAPSHOT,
    });
    const lines = SNAPSHOT.split("\n");
    const expected = [
      ...lines.slice(0, 4),
      '  "issue_number": 35,',
      ...lines.slice(5, 14),
      ...lines.slice(14, 19), // the body, whose "number" line is text
      '    "issue_number": 32,',
      ...lines.slice(19, 22), // labels after issue_number: sorted as jest sorts the keys
      ...lines.slice(23),
    ];
    expect(files["test/__snapshots__/title.test.js.snap"]).to.equal(expected.join("\n"));
    expect(report).to.include(
      "test/__snapshots__/title.test.js.snap:5 Probot 9's number in a snapshot of the client's parameters → issue_number",
    );
    expect(report).to.include(
      "test/__snapshots__/title.test.js.snap:23 Probot 9's number in a snapshot of the client's parameters → issue_number",
    );
  });

  it("rename them in jest 29's snapshots too, and leave a snapshot file whose tests snapshot a pulls method", async () => {
    const modern = SNAPSHOT.replace(/Object \{/g, "{").replace(/Array \[/g, "[");
    const { files } = await migrated("9.15.1", {
      "test/title.test.js": SNAPSHOT_TEST,
      "test/__snapshots__/title.test.js.snap": modern,
      "test/pulls.test.js": SNAPSHOT_TEST.replace("issues.update", "pulls.update"),
      "test/__snapshots__/pulls.test.js.snap": modern,
    });
    expect(files["test/__snapshots__/title.test.js.snap"]).to.include('\n{\n  "issue_number": 35,\n');
    expect(files["test/__snapshots__/title.test.js.snap"]).to.include('\n    "issue_number": 32,\n    "labels": [\n');
    expect(files["test/__snapshots__/pulls.test.js.snap"]).to.equal(modern);
  });
});

describe("app migrate: Probot 9 suites' expectations written with sinon, chai, node:assert, tap, ava and named doubles", () => {
  it("rename number where the double is an issues or pulls method, and leave negated expectations", async () => {
    const code = [
      "const { Context } = require('probot')",
      "const sinon = require('sinon')",
      "const assert = require('node:assert')",
      "const createComment = sinon.spy()",
      "const merge = t.mock.fn()",
      "const github = { issues: { createComment }, pulls: { merge } }",
      "it('comments', async () => {",
      "  sinon.assert.calledWith(createComment, { owner: 'o', repo: 'r', number: 1, body: 'hi' })",
      "  sinon.assert.calledWith(github.pulls.merge, sinon.match({ number: 2 }))",
      "  expect(createComment.calledWith({ number: 3 })).to.equal(true)",
      "  expect(github.issues.createComment).to.have.been.calledWith({ number: 4 })",
      "  expect(createComment.firstCall.args[0]).to.deep.equal({ number: 5 })",
      "  expect(createComment.getCall(0).args[0]).to.eql({ number: 6 })",
      "  assert.deepStrictEqual(merge.mock.calls[0].arguments[0], { number: 7 })",
      "  expect(github.issues.createComment.mock.calls[0][0].number).toBe(8)",
      "  const { number, body } = github.issues.createComment.mock.calls[0][0]",
      "  const { number: pr } = merge.mock.calls[0].arguments[0]",
      "  t.same(createComment.args[0][0], { number: 12 })",
      "  t.like(github.pulls.merge.mock.calls[0][0], { number: 13 })",
      "  t.same(other.args[0][0], { number: 14 })",
      "  expect(github.issues.createComment).not.toHaveBeenCalledWith({ number: 9 })",
      "  expect(github.issues.createComment).to.not.have.been.calledWith({ number: 10 })",
      "  expect(other.calledWith({ number: 11 })).to.equal(true)",
      "})",
      "",
    ].join("\n");
    const { files } = await migrated("9.0.0", { "test/index.test.js": code });
    const expected = code
      .replace("require('probot')", "require('gh-app-kit')")
      .replace("number: 1,", "issue_number: 1,")
      .replace("match({ number: 2 })", "match({ pull_number: 2 })")
      .replace(/\{ number: ([3-6]) \}/g, "{ issue_number: $1 }")
      .replace("{ number: 7 }", "{ pull_number: 7 }")
      .replace("{ number: 12 }", "{ issue_number: 12 }")
      .replace("{ number: 13 }", "{ pull_number: 13 }")
      .replace("[0][0].number)", "[0][0].issue_number)")
      .replace("{ number, body }", "{ issue_number: number, body }")
      .replace("{ number: pr }", "{ pull_number: pr }");
    expect(files["test/index.test.js"]).to.equal(expected);
  });
});

describe("app migrate: a jest snapshot file written another way", () => {
  it("reads a string snapshot that starts on its exports line, and CRLF line ends", async () => {
    const snapshot = [
      "// Jest Snapshot v1, https://goo.gl/fbAQLP",
      "",
      'exports[`a comment 1`] = `"first line',
      'second line with a quote \\" and {"`;',
      "",
      "exports[`a comment 2`] = `",
      "Object {",
      '  "number": 7,',
      '  "owner": "o",',
      '  "repo": "r",',
      "}",
      "`;",
      "",
    ].join("\r\n");
    const { files } = await migrated("^9.0.0", {
      "__tests__/comment.test.ts":
        "test('x', () => { expect(github.issues.createComment.mock.calls).toMatchSnapshot() })\n",
      "__tests__/__snapshots__/comment.test.ts.snap": snapshot,
    });
    expect(files["__tests__/__snapshots__/comment.test.ts.snap"]).to.equal(
      snapshot.replace('"number": 7', '"issue_number": 7'),
    );
  });
});
