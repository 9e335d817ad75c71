import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * Probot 7 to 10's `Application` made its own Express router (`app.router`), which a test could mount on an
 * Express app of its own to request the app's routes with supertest. An App's `router` outside a server is Express
 * middleware too (test/compat/application-router.test.ts): nothing is left to do by hand.
 */
describe("app migrate: a test that mounts the Express router of an Application it made", () => {
  it("leaves the router read off an Application made in a test context as it is, and reports nothing", () => {
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
    expect(result.problems.filter((p) => p.message.includes("router"))).to.deep.equal([]);
    expect(result.code).to.include("t.context.app.use(t.context.robot.router);");
    expect(result.code).to.include("new App()");
  });
});
