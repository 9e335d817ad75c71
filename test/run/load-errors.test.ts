import { expect } from "chai";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAppFunction } from "../../src/run/load-app-function.js";

/** An app with a syntax error is named with the file and line of the error, as Node prints it. */
describe("app functions that fail to load: where the syntax error is", () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), "load-errors-"))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function failure(file: string): Promise<Error & { hint?: string }> {
    try {
      await loadAppFunction(file, { basedir: dir });
    } catch (error) {
      return error as Error & { hint?: string };
    }
    throw new Error("expected the app to fail to load");
  }

  const BROKEN = 'module.exports = (app) => {\n  app.on("issues.opened", async () => {\n    const x = ;\n  });\n};\n';

  it("a CommonJS file: its name and line, in the message and the hint", async () => {
    await writeFile(join(dir, "broken.js"), BROKEN);
    const error = await failure("./broken.js");
    expect(error.message).to.equal(`The app "./broken.js" failed to load: Unexpected token ';' (broken.js:3)`);
    expect(error.hint).to.equal(`Fix line 3 of ${join(dir, "broken.js")}.`);
  });

  it("an ES module", async () => {
    await writeFile(join(dir, "broken.mjs"), BROKEN.replace("module.exports =", "export default"));
    expect((await failure("./broken.mjs")).message).to.match(/failed to load: Unexpected token ';' \(broken\.mjs:3\)$/);
  });

  it("a module the app requires, named where it is", async () => {
    await writeFile(join(dir, "index.js"), 'require("./lib/helper.js");\nmodule.exports = () => {};\n');
    await mkdir(join(dir, "lib"));
    await writeFile(join(dir, "lib/helper.js"), "\n\nconst x = ;\n");
    const error = await failure("./index.js");
    expect(error.message).to.match(/\(lib\/helper\.js:3\)$/);
    expect(error.hint).to.equal(`Fix line 3 of ${join(dir, "lib/helper.js")}.`);
  });
});
