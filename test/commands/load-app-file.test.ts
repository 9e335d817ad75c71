import { expect } from "chai";
import { symlink, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBin } from "./run-bin.js";

const TSX = fileURLToPath(new URL("../../node_modules/tsx", import.meta.url));
const PAYLOAD = JSON.stringify({
  action: "opened",
  issue: { number: 1 },
  repository: { name: "r", owner: { login: "o" } },
});
const README_APP = `export default ({ app }) => {
  app.on("issues.opened", async (context) => {
    console.log("handled " + context.name + "." + context.payload.action);
  });
};
`;
const TS_APP = `import type { ApplicationFunction } from "gh-app-kit";
const greet = (action: string): string => "handled issues." + action;
const appFn: ApplicationFunction = ({ app }) => {
  app.on("issues.opened", async (context) => {
    console.log(greet(context.payload.action));
  });
};
export default appFn;
`;

describe("app receive on the files users paste", () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "app-load-"));
    await writeFile(join(cwd, "payload.json"), PAYLOAD);
  });
  const receive = (app: string) => runBin(["receive", "-e", "issues.opened", "-p", "payload.json", app], { cwd });

  it('names "type": "module" and .mjs when the README\'s app is in a CommonJS package (npm init)', async () => {
    await writeFile(join(cwd, "package.json"), JSON.stringify({ name: "bot", version: "1.0.0", type: "commonjs" }));
    await writeFile(join(cwd, "index.js"), README_APP);
    const result = await receive("./index.js");
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include(
      "index.js is an ES module (it uses export or import), but Node loads it as CommonJS",
    );
    expect(result.stderr).to.include(
      `Hint: Add "type": "module" to ${join(cwd, "package.json")}, or rename the file to index.mjs.`,
    );
    expect(result.stderr).not.to.include("Fix the error");
  });

  it("runs the README's app once the package says type module", async () => {
    await writeFile(join(cwd, "package.json"), JSON.stringify({ name: "bot", version: "1.0.0", type: "module" }));
    await writeFile(join(cwd, "index.js"), README_APP);
    const result = await receive("./index.js");
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include("handled issues.opened");
  });

  it("says to build and which file to pass for a .ts app without a TypeScript loader", async () => {
    await writeFile(join(cwd, "package.json"), JSON.stringify({ name: "bot", version: "1.0.0", type: "module" }));
    await writeFile(join(cwd, "tsconfig.json"), JSON.stringify({ compilerOptions: { outDir: "dist" } }));
    await mkdir(join(cwd, "src"));
    await writeFile(join(cwd, "src", "index.ts"), TS_APP);
    const result = await receive("./src/index.ts");
    // Node 23.6+ strips types by itself; then the file simply runs.
    if (result.code === 0) return expect(result.stdout).to.include("handled issues.opened");
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include("Node cannot run the TypeScript file src/index.ts by itself.");
    expect(result.stderr).to.include(
      "Hint: Build the app (npm run build) and pass the compiled file: ./dist/src/index.js.",
    );
    expect(result.stderr).not.to.include("Unknown file extension");
  });

  it("runs a .ts app through the project's tsx when it is installed", async () => {
    await writeFile(join(cwd, "package.json"), JSON.stringify({ name: "bot", version: "1.0.0", type: "module" }));
    await mkdir(join(cwd, "node_modules"));
    await symlink(TSX, join(cwd, "node_modules", "tsx"));
    await mkdir(join(cwd, "src"));
    await writeFile(join(cwd, "src", "index.ts"), TS_APP);
    const result = await receive("./src/index.ts");
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include("handled issues.opened");
  });
});
