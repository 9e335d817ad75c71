import { expect } from "chai";
import { rm } from "node:fs/promises";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// As robandpdx/emergency-pull-request-probot-azure: Probot 14 behind @probot/adapter-azure-functions.
describe("app migrate: Probot's Azure Functions adapter", () => {
  it("says how createWebHandler takes its place, at the path the function already has", async () => {
    const dir = await writeAppFiles("app-migrate-azure", {
      "package.json": JSON.stringify({
        name: "bot",
        dependencies: { "@azure/functions": "^4.16.2", "@probot/adapter-azure-functions": "^1.1.0", probot: "^14.3.2" },
      }),
      "src/functions/ProbotFunction.js": [
        'const { app } = require("@azure/functions");',
        'const { createAzureFunctionV4, createProbot } = require("@probot/adapter-azure-functions");',
        'app.http("ProbotFunction", { methods: ["POST"], authLevel: "anonymous",',
        '  handler: createAzureFunctionV4(require("../app"), { probot: createProbot() }) });',
        "",
      ].join("\n"),
      "src/app.js": 'module.exports = ({ app }) => { app.on("issues.opened", async () => {}); };\n',
    });
    try {
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
      const hints = report.files.flatMap((file) => file.problems.map((problem) => [file.file, problem.hint ?? ""]));
      const azure = hints.filter(([, hint]) => hint.includes("Azure"));
      expect(azure.map(([file]) => file)).to.have.members(["package.json", "src/functions/ProbotFunction.js"]);
      for (const [, hint] of azure) {
        expect(hint).to.include("createWebHandler(appFn, { app: createApp(), webhookPath");
        expect(hint).to.include('"Azure Functions"');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
