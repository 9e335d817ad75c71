import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startFakePlatform, type FakePlatform } from "../../src/testing/start-fake-platform.js";
import { bundleRootForWorkerd } from "../helpers/worker-bundle.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** `file` run by Node, its output (stdout and stderr). */
function runScript(file: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done) => {
    execFile(process.execPath, [file], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      done(`${stdout}${stderr}${error ? `\nexit ${error.code}` : ""}`),
    );
  });
}

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
  let platform: FakePlatform;
  before(async () => {
    platform = await startFakePlatform();
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
  after(async () => {
    await platform.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it("constructs no Error, loaded by Node (the Node build, and the modules other runtimes load)", async () => {
    expect(await errorsMadeLoading(tmp, join(root, "dist/node/index.js"))).to.deep.equal([]);
    expect(await errorsMadeLoading(tmp, join(root, "dist/src/index.js"))).to.deep.equal([]);
  });

  it("constructs no Error, bundled for workerd", async () => {
    const outfile = join(tmp, "workerd.mjs");
    await bundleRootForWorkerd(outfile);
    expect(await errorsMadeLoading(tmp, outfile)).to.deep.equal([]);
  });

  // The client (Octokit, its plugins, the REST method tables, Bottleneck) was the bulk of what a Worker evaluated.
  it("bundled for workerd, loads the REST client with the first delivery a handler takes", async () => {
    await bundleRootForWorkerd(join(tmp, "client.mjs"));
    const script = join(tmp, "deliveries.mjs");
    await writeFile(
      script,
      `import { App, isAppError } from "./client.mjs";
const app = new App({ appId: Number(process.env.APP_ID), privateKey: process.env.PRIVATE_KEY, baseUrl: process.env.BASE_URL, secret: "s", logLevel: "warn" });
const clientNow = () => { try { return typeof app.state.client.issues.createComment; } catch (error) { return isAppError(error) ? error.code : error.message; } };
app.on("issues.opened", (context) => context.client.issues.createComment(context.issue({ body: "hi" })));
const event = (action, number) => ({ id: String(number), name: "issues", payload: { action, issue: { number }, repository: { name: "r", owner: { login: "o" } }, installation: { id: 1 } } });
console.log("at load:", clientNow());
await app.receive(event("labeled", 1));
console.log("after a delivery no handler takes:", clientNow());
await app.receive(event("opened", 9));
console.log("after one a handler takes:", clientNow());
`,
    );
    const output = await runScript(script, {
      PATH: process.env.PATH,
      BASE_URL: platform.url,
      APP_ID: String(platform.appId),
      PRIVATE_KEY: platform.privateKey,
      NO_COLOR: "1",
    });
    expect(
      output.split("\n").filter((line) => line.includes(":")),
      output,
    ).to.deep.equal([
      "at load: CLIENT_NOT_LOADED",
      "after a delivery no handler takes: CLIENT_NOT_LOADED",
      "after one a handler takes: function",
    ]);
    expect(platform.requests.map((request) => `${request.method} ${request.path}`)).to.include(
      "POST /repos/o/r/issues/9/comments",
    );
  });
});
