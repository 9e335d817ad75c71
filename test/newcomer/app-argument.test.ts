import { expect } from "chai";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as root from "../../src/index.js";
import { createTestApp } from "../helpers/test-app.js";

describe("createWebHandler and createLambdaHandler given neither an app function nor an App", () => {
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "docs-examples-"));
    await writeFile(join(folder, "app.mjs"), 'export default ({ app }) => app.on("issues", () => {});\n');
  });

  it("names the function and the argument, not the app option that was given", async () => {
    const { app } = createTestApp(undefined);
    // The exports of a module that requires itself (require("./") in its package's main file) while it loads.
    for (const make of [root.createWebHandler, root.createLambdaHandler] as const) {
      const name = make === root.createWebHandler ? "createWebHandler" : "createLambdaHandler";
      expect(() => (make as typeof root.createWebHandler)({} as root.ApplicationFunction, { app }))
        .to.throw(
          root.AppError,
          `${name} takes an app function (or an App) as its first argument, got an empty object.`,
        )
        .with.property("code", "APP_FUNCTION_INVALID");
    }
  });

  it("says to pass the default export when given the module itself", async () => {
    const { app } = createTestApp(undefined);
    const module = (await import(pathToFileURL(join(folder, "app.mjs")).href)) as root.ApplicationFunction;
    expect(() => root.createLambdaHandler(module, { app }))
      .to.throw(root.AppError, "got a module object")
      .with.property("hint")
      .that.includes("`.default` of what requiring the file gives");
  });
});
