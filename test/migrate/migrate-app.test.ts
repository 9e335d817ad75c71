import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { parseWithBabel } from "../../src/migrate/parse-source.js";

/** A small app written with tabs, CRLF and a BOM, as some editors on Windows keep them. */
const FILES: Record<string, string> = {
  "package.json": '{\n\t"name": "tabbed",\n\t"dependencies": { "probot": "^12.3.0" }\n}\n',
  "index.js": [
    "\uFEFF/**",
    "\t* @param {import('probot').Probot} app",
    "\t*/",
    "module.exports = ({ app }) => {",
    '\tapp.on("issues.opened", async (context) => {',
    '\t\tawait context.octokit.issues.createComment(context.issue({ body: "Thanks!" }));',
    "\t});",
    "};",
    "",
  ].join("\r\n"),
  "test/index.test.js": [
    'const { Probot, ProbotOctokit } = require("probot");',
    'describe("app", () => {',
    "\tlet probot;",
    "\tbeforeEach(() => {",
    '\t\tprobot = new Probot({ appId: 1, githubToken: "t", Octokit: ProbotOctokit.defaults({}) });',
    '\t\tprobot.load(require(".."));',
    "\t});",
    "});",
    "",
  ].join("\n"),
};

describe("migrateApp on a folder", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-app-"));
    await mkdir(join(dir, "test"));
    for (const [file, text] of Object.entries(FILES)) await writeFile(join(dir, file), text);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("writes files that parse, with only the renames changed, reports nothing to do, and a second run changes nothing", async () => {
    const first = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(first.files.flatMap((f) => f.problems)).to.deep.equal([]);
    expect(first.files.filter((f) => f.error)).to.deep.equal([]);
    const index = await readFile(join(dir, "index.js"), "utf8");
    expect(index).to.equal(
      (FILES["index.js"] as string)
        .replace("import('probot').Probot", "import('gh-app-kit').App")
        .replace("context.octokit", "context.client"),
    );
    const test = await readFile(join(dir, "test/index.test.js"), "utf8");
    expect(test).to.include('const { App, AppClient } = require("gh-app-kit");');
    expect(test).to.include('new App({ appId: 1, platformToken: "t", Client: AppClient.defaults({}) });');
    for (const [file, text] of [
      ["index.js", index],
      ["test/index.test.js", test],
    ] as const)
      expect(() => parseWithBabel(file, text), file).to.not.throw();
    const second = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(second.files).to.deep.equal([]);
    expect(second.diff).to.equal("");
  });
});
