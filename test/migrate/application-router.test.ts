import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * Probot 7 to 10's `Application` made its own Express router (`app.router`), which a test could mount on an
 * Express app of its own to request the app's routes with supertest. App has no such router here.
 */
describe("app migrate: a test that mounts the Express router of an Application it made", () => {
  it("reports the router read off an Application made in a test context (CodeLenny/auto-comment-bot's ava tests)", () => {
    const code = [
      'const test = require("ava");',
      'const { Application } = require("probot");',
      'const express = require("express");',
      'test.beforeEach("create robot", t => {',
      "  t.context.robot = new Application();",
      "  t.context.robot.load(t.context.plugin);",
      "});",
      'test.beforeEach("create express app", t => {',
      "  t.context.app = express();",
      "  t.context.app.use(t.context.robot.router);",
      "});",
      "",
    ].join("\n");
    const result = migrateSource("test/http/responses.js", code);
    const problem = result.problems.find((p) => p.message.includes("t.context.robot.router"));
    expect(problem?.line).to.equal(10);
    expect(problem?.message).to.include("Express router");
    expect(problem?.hint).to.include("createNodeMiddleware");
  });

  it("reports it for a variable made from Probot", () => {
    const code =
      'const { Probot } = require("probot");\nconst probot = new Probot({});\nserver.use("/", probot.router);\n';
    const result = migrateSource("test/server.test.js", code);
    const problem = result.problems.find((p) => p.message.includes("probot.router"));
    expect(problem?.line).to.equal(3);
  });

  it("says nothing of another object's router", () => {
    const code = 'const { Application } = require("probot");\nconst app = express();\nmain.use(app.router);\n';
    const result = migrateSource("test/other.test.js", code);
    expect(result.problems.filter((p) => p.message.includes(".router"))).to.deep.equal([]);
  });
});
