import { expect } from "chai";
import { build } from "esbuild";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The messages of the Errors (and subclasses) constructed while `file` loads, in a fresh Node process. */
function errorsMadeLoading(dir: string, file: string): Promise<string[]> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [join(dir, "count-errors.mjs"), pathToFileURL(file).href],
      { timeout: 60_000 },
      (error, stdout, stderr) => (error ? fail(new Error(stderr || error.message)) : done(JSON.parse(stdout))),
    );
  });
}

// What a module does as it loads, a Worker pays at every cold start. An Error made then was the
// dearest: one AppError built at load cost workerd about 11 ms of CPU, a tenth of its whole start
// (its stack trace goes through the top-level code of the whole bundle; see docs/benchmarks.md).
describe("loading the package", function () {
  this.timeout(120_000);
  let tmp: string;
  before(async () => {
    tmp = await mkdtemp(join(tmpdir(), "load-time-"));
    // Classes defined after this (AppError among them) extend the proxy: their super() calls come through it.
    await writeFile(
      join(tmp, "count-errors.mjs"),
      `const made = [];
globalThis.Error = new Proxy(Error, {
  construct(target, args, newTarget) {
    made.push(\`\${newTarget.name}: \${args[0]}\`);
    return Reflect.construct(target, args, newTarget);
  },
});
await import(process.argv[2]);
process.stdout.write(JSON.stringify(made));
process.exit(0);
`,
    );
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it("constructs no Error, loaded by Node", async () => {
    expect(await errorsMadeLoading(tmp, join(root, "dist/src/index.js"))).to.deep.equal([]);
  });

  it("constructs no Error, bundled for workerd", async () => {
    const outfile = join(tmp, "workerd.mjs");
    await build({
      entryPoints: [join(root, "dist/src/index.js")],
      bundle: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      // wrangler's conditions
      conditions: ["workerd", "worker", "browser"],
      external: [...builtinModules, "node:*"],
      outfile,
      logLevel: "silent",
      banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
    });
    expect(await errorsMadeLoading(tmp, outfile)).to.deep.equal([]);
  });
});
