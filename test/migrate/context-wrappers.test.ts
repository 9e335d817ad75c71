import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// An app of its own wraps each event's context in a class that copies its members, the client
// among them (`this.octokit = context.octokit`), and hands the wrapper on to code that names it
// `context` too, where `app migrate` renames `context.octokit`. The copy has to be renamed with it.
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "my-app", dependencies: { probot: "^13.0.0" } }),
  "lib/event.js": [
    "class Event {",
    "  constructor (context, extra) {",
    "    this.payload = context.payload",
    "    this.octokit = context.octokit",
    "    this.extra = extra",
    "  }",
    "  label (name) {",
    "    return this.octokit.issues.addLabels({ labels: [name] })",
    "  }",
    "  other () {",
    "    const self = { octokit: 'not a client' }",
    "    return function () { return this.octokit }.call(self)",
    "  }",
    "}",
    "module.exports = Event",
    "",
  ].join("\n"),
  "lib/comment.js": [
    "module.exports = async (context) => {",
    "  await context.octokit.issues.createComment({ body: 'Thanks' })",
    "}",
    "",
  ].join("\n"),
  "index.js": [
    "const Event = require('./lib/event')",
    "const comment = require('./lib/comment')",
    "module.exports = (app) => {",
    "  app.on('issues.opened', async (context) => {",
    "    const event = new Event(context)",
    "    await comment(event)",
    "    await event.label('new')",
    "    return event.other()",
    "  })",
    "}",
    "",
  ].join("\n"),
};

describe("app migrate: a class of the app's own that wraps a context", () => {
  let dir: string;
  before(async () => {
    dir = await writeAppFiles("app-migrate-wrapper", FILES);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("renames the client it copies, and its own uses of it, so that code reading context.client finds it", async () => {
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const event = await readFile(join(dir, "lib/event.js"), "utf8");
    expect(event).to.include("this.client = context.client");
    expect(event).to.include("this.client.issues.addLabels");
    // `this` of a plain function inside a method is not the wrapper.
    expect(event).to.include("return function () { return this.octokit }");

    const calls: string[] = [];
    const client = {
      issues: {
        createComment: async () => calls.push("createComment"),
        addLabels: async () => calls.push("addLabels"),
      },
    };
    const handlers: Array<(context: unknown) => Promise<unknown>> = [];
    const appFn = createRequire(import.meta.url)(join(dir, "index.js")) as (app: unknown) => void;
    appFn({ on: (_name: string, handler: (context: unknown) => Promise<unknown>) => handlers.push(handler) });
    const other = await handlers[0]!({ client, payload: {}, log: console });
    expect(calls).to.deep.equal(["createComment", "addLabels"]);
    expect(other).to.equal("not a client");

    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.files.filter((file) => file.changes.length > 0)).to.deep.equal([]);
  });
});
