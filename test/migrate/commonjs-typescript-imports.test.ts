import { expect } from "chai";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

// As tinacms/markdown-bot: TypeScript compiled to CommonJS (its tsconfig says "module": "commonjs",
// its package.json no "type": "module") whose server imported Probot's Server by name, when gh-app-kit
// had none (it has now): a name gh-app-kit lacks. Compiled, the import is a require(): the name is
// undefined and only the code using it fails; the file still loads.
const SERVER =
  'import { Probot, Stats } from "probot";\nexport const server = new Stats({ Probot: Probot.defaults({}) });\n';
const TSCONFIG =
  '{\n  "compilerOptions": {\n    /* Basic Options */\n    "target": "es2019",\n    "module": "commonjs" /* what tsc emits */,\n    "outDir": "./lib",\n  },\n}\n';

async function report(manifest: object, tsconfig: string | undefined, file = "src/server.ts") {
  const dir = await mkdtemp(join(tmpdir(), "cjs-ts-"));
  try {
    await writeFile(join(dir, "package.json"), JSON.stringify(manifest));
    if (tsconfig !== undefined) await writeFile(join(dir, "tsconfig.json"), tsconfig);
    await (await import("node:fs/promises")).mkdir(join(dir, "src"), { recursive: true });
    await writeFile(join(dir, file), SERVER);
    const result = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    return result.files.find((f) => f.file === file)?.problems.map((p) => p.message) ?? [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CJS = { name: "bot", dependencies: { probot: "^12.3.1" } };

describe("app migrate: a name gh-app-kit lacks imported in TypeScript that compiles to CommonJS", () => {
  it("is reported without saying the file fails to load (its import is a require once compiled)", async () => {
    const messages = await report(CJS, TSCONFIG);
    const server = messages.filter((m) => /Stats/.test(m));
    expect(server).to.have.length(1);
    expect(server[0]).not.to.match(/fails to load as a whole/);
    expect(server[0]).to.match(/Stats from "probot", which gh-app-kit does not export/);
  });

  it("still says so where the package is an ES module, or the file is .mts", async () => {
    const esm = await report({ ...CJS, type: "module" }, TSCONFIG);
    expect(esm.some((m) => /fails to load as a whole/.test(m))).to.equal(true);
    const mts = await report(CJS, TSCONFIG, "src/server.mts");
    expect(mts.some((m) => /fails to load as a whole/.test(m))).to.equal(true);
  });

  it("still says so where the tsconfig emits ES modules, or there is none to read", async () => {
    const esnext = await report(CJS, TSCONFIG.replace('"commonjs"', '"ESNext"'));
    expect(esnext.some((m) => /fails to load as a whole/.test(m))).to.equal(true);
    const none = await report(CJS, undefined);
    expect(none.some((m) => /fails to load as a whole/.test(m))).to.equal(true);
  });
});
