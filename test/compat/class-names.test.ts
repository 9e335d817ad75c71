import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { createLogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const NAMES = `Object.entries(entry)
  .filter(([, value]) => typeof value === "function" && Function.prototype.toString.call(value).startsWith("class"))
  .map(([key, value]) => [key, value.name])`;

/** [export, class name] of each class an entry exports, as a plain Node process loads it. */
function exportedClassNames(file: string): string[][] {
  const load = file.endsWith(".cjs")
    ? `const entry = require(${JSON.stringify(join(root, file))}); console.log(JSON.stringify(${NAMES}));`
    : `import(${JSON.stringify(join(root, file))}).then((entry) => console.log(JSON.stringify(${NAMES})));`;
  return JSON.parse(execFileSync(process.execPath, ["-e", load], { encoding: "utf8" })) as string[][];
}

/**
 * What an app reads of the package as installed: the built entries, `dist/node` (import) and
 * `dist/cjs` (require). Pino's error serializer writes `type: error.constructor.name`, so a logged
 * failed request read `"type":"_RequestError"`, the name the bundler gave the class, where Probot
 * 12 to 14 write `"RequestError"`; and `App`, made by `App.plugin()`, had no name at all.
 */
describe("Exported classes keep their names in the built package (Probot's log lines)", () => {
  for (const file of ["dist/node/index.js", "dist/cjs/index.cjs"]) {
    it(`each class ${file} exports is named as exported`, () => {
      const named = exportedClassNames(file);
      expect(named.length).to.be.greaterThan(3);
      expect(named.filter(([key, name]) => key !== name)).to.deep.equal([]);
    });
  }

  describe("a failed request logged with context.log", () => {
    let platform: FakePlatform;
    beforeEach(async () => {
      platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: ["test-token"] });
      platform.on("GET", "/repos/:owner/:repo/issues/:number", () => ({ status: 404, body: { message: "Not Found" } }));
    });
    afterEach(() => platform.close());

    it("writes err.type RequestError, as Probot's log lines", async () => {
      const built = (await import(join(root, "dist/node/index.js"))) as { App: new (options: object) => RecordingApp };
      const { App } = built;
      const logs = createLogCapture();
      const app = new App({ platformToken: "test-token", baseUrl: platform.url, log: pino({}, logs.stream as never) });
      app.on("issues.opened", async (context: HandlerContext) => {
        try {
          await context.client.rest.issues.get(context.issue());
        } catch (error) {
          context.log.error(error, "request failed");
        }
      });
      await app.receive({
        id: "d-1",
        name: "issues",
        payload: { action: "opened", issue: { number: 5 }, repository: { name: "r", owner: { login: "o" } } },
      });
      const line = logs.records().find((record) => record["msg"] === "request failed");
      expect(line?.["err"]).to.include({ type: "RequestError", status: 404 });
    });
  });
});

type HandlerContext = {
  client: { rest: { issues: { get(parameters: object): Promise<unknown> } } };
  issue(): object;
  log: { error(error: unknown, message: string): void };
};
type RecordingApp = {
  on(name: string, handler: (context: HandlerContext) => Promise<void>): void;
  receive(event: object): Promise<void>;
};
