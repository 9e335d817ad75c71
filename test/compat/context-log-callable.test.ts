import { expect } from "chai";
import pino from "pino";
import { App, AppClient } from "../../src/index.js";
import { createLogCapture } from "../helpers/capture-log.js";

const issuesOpened = {
  action: "opened",
  issue: { number: 1 },
  repository: { name: "hello", full_name: "octo/hello", owner: { login: "octo" } },
};

/**
 * Probot 10 to 12 made `context.log` callable, as `app.log` (`context.log("Repo: %s", name)` logs
 * at info), and apps of that time write their log lines so.
 */
describe("Probot 12: context.log is callable", () => {
  for (const [title, replace] of [
    ["with the App's own logger", false],
    ["after the app's logger was replaced by a plain pino logger", true],
  ] as const) {
    it(title, async () => {
      const logs = createLogCapture();
      const log = pino({}, logs.stream as never);
      const app = new App({ platformToken: "test", Client: AppClient, log });
      if (replace) app.log = log;
      app.on("issues.opened", async (context) => {
        context.log("Repo: %s", context.payload.repository.full_name);
        context.log.child({ step: "two" })("child %s", "two");
      });
      await app.receive({ id: "delivery-1", name: "issues", payload: issuesOpened } as never);
      const records = logs.records().map(({ level, name, id, msg, step }) => ({ level, name, id, msg, step }));
      expect(records).to.deep.equal([
        { level: 30, name: "event", id: "delivery-1", msg: "Repo: octo/hello", step: undefined },
        { level: 30, name: "event", id: "delivery-1", msg: "child two", step: "two" },
      ]);
    });
  }
});
