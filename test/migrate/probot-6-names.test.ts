import { expect } from "chai";
import * as framework from "../../src/index.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// As probot/commands (Probot 6): its tests build the app with createRobot(options), the factory
// of Probot 6's Robot (Probot 7's Application). app migrate left the import to fail
// (`createRobot is not a function`) and said only "Remove it or replace it".
const SOURCE = [
  "const { createRobot } = require('probot')",
  "const robot = createRobot({ app: () => 'test' })",
  "const ran = []",
  "robot.on('issue_comment.created', (context) => ran.push(context.payload.comment.body))",
  "module.exports = robot.receive({ name: 'issue_comment', payload: { action: 'created', comment: { body: '/foo' } } }).then(() => ran)",
  "",
].join("\n");

describe("app migrate: Probot 6's createRobot", () => {
  it("becomes createApp, which makes the App the tests then drive", async () => {
    const result = migrateSource("test/index.test.js", SOURCE);
    expect(result.code.split("\n").slice(0, 2)).to.deep.equal([
      "const { createApp } = require('gh-app-kit')",
      "const robot = createApp({ app: () => 'test' })",
    ]);
    expect(result.problems).to.deep.equal([]);
    const module = { exports: undefined as unknown };
    const load = (name: string) => (name === "gh-app-kit" ? framework : undefined);
    new Function("require", "module", result.code)(load, module);
    expect(await module.exports).to.deep.equal(["/foo"]);
  });
});
