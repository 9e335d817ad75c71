import { expect } from "chai";
import { build } from "esbuild";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleRootForWorkerd, bundleWorker } from "../helpers/worker-bundle.js";
import { startFakePlatform, type FakePlatform } from "../../src/testing/start-fake-platform.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const ENTRIES = ["dist/src/index.js", "dist/src/testing/index.js"];
/** The package's own modules that package.json "imports" (`#name`) may resolve to, under any published condition. */
const IMPORTS = JSON.parse(await readFile(join(root, "package.json"), "utf8")).imports as Record<
  string,
  Record<string, string>
>;
const localTargets = (specifier: string) =>
  Object.values(IMPORTS[specifier] ?? {})
    // "gh-app-kit-source" (the tests' condition) names the sources, which are not published.
    .filter((target) => target.startsWith("./dist/"))
    .map((target) => join(root, target));

/** Every module of the package the entries load, statically or through `import()` of a literal path. */
async function packageGraph(): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const pending = ENTRIES.map((entry) => join(root, entry));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    const text = await readFile(file, "utf8");
    seen.set(file, text);
    for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      pending.push(resolve(dirname(file), specifier!));
    }
    for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](#[^"']+)["']/g)) {
      pending.push(...localTargets(specifier!));
    }
  }
  return seen;
}

/** The code without its comments (which may quote `require("probot")`). */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");

const run = (file: string, env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; output: string }>((done) => {
    execFile(process.execPath, [file], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });

// Bundlers (wrangler, Next.js, esbuild) follow static imports and import() of
// a literal; createRequire, import.meta.url lookups and require() they do not.
describe("the package bundles", function () {
  this.timeout(120_000);
  let platform: FakePlatform;
  let tmp: string;
  before(async () => {
    platform = await startFakePlatform();
    tmp = await mkdtemp(join(tmpdir(), "bundle-"));
  });
  after(async () => {
    await platform.close();
    await rm(tmp, { recursive: true, force: true });
  });

  /** Runs `script`, which delivers issues.opened for issue `issue` through a bundle: its lines, its exit, its comment. */
  async function expectDelivered(script: string, issue: number, lines: string[]): Promise<void> {
    const { code: exit, output } = await run(script, {
      PATH: process.env.PATH,
      BASE_URL: platform.url,
      APP_ID: String(platform.appId),
      PRIVATE_KEY: platform.privateKey,
      NO_COLOR: "1",
    });
    for (const line of lines) expect(output, output).to.include(line);
    expect(exit).to.equal(0);
    expect(platform.requests.map((request) => `${request.method} ${request.path}`)).to.include(
      `POST /repos/o/r/issues/${issue}/comments`,
    );
  }

  // createRequire(a path in the user's folder) stays: it finds the user's app and its tsx, at run time.
  it("loads nothing through createRequire(import.meta.url), import.meta.url or require() from its entries", async () => {
    const graph = await packageGraph();
    expect(graph.size).to.be.greaterThan(50);
    const offenders = [...graph]
      .filter(([, text]) =>
        /\bcreateRequire\s*\(\s*import\.meta\b|\bimport\.meta\.url\b|(?<![.\w])require\s*\(/.test(code(text)),
      )
      .map(([file]) => file.slice(root.length));
    expect(offenders).to.deep.equal([]);
  });

  it("works bundled into one file, as a Worker's bundler makes it, with the Node built-ins left outside", async () => {
    const external = [...builtinModules, "node:*"];
    const outfile = join(tmp, "bundle.mjs");
    const result = await build({
      entryPoints: [join(root, "dist/src/index.js")],
      bundle: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      conditions: ["worker", "node"],
      external,
      outfile,
      logLevel: "silent",
      // CommonJS dependencies (pino) call require() on built-ins: the bundle gives them one.
      banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
    });
    expect(result.errors).to.deep.equal([]);
    // Run from a folder with no node_modules: only what the bundle holds can load.
    const script = join(tmp, "deliver.mjs");
    await writeFile(
      script,
      `import { App, AppError } from "./bundle.mjs";
const app = new App({ appId: Number(process.env.APP_ID), privateKey: process.env.PRIVATE_KEY, baseUrl: process.env.BASE_URL, secret: "s", logLevel: "info" });
app.on("issues.opened", async (context) => {
  context.log.info("handling");
  await context.client.issues.createComment(context.issue({ body: "hi" }));
  await context.config("bundled.yml");
});
await app.receive({ id: "1", name: "issues", payload: { action: "opened", issue: { number: 7 }, repository: { name: "r", owner: { login: "o" } }, installation: { id: 1 } } });
console.log("delivered", new AppError("OPTION_INVALID", "x") instanceof Error);
`,
    );
    await expectDelivered(script, 7, ["delivered true", "handling"]);
  });

  it("works bundled into one CommonJS file for Node from the require entry, as serverless-esbuild makes a Lambda", async () => {
    const entry = join(tmp, "lambda-entry.cjs");
    await writeFile(entry, `module.exports = require(${JSON.stringify(join(root, "dist/cjs/index.cjs"))});\n`);
    const outfile = join(tmp, "lambda-bundle.cjs");
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      outfile,
      logLevel: "silent",
    });
    expect(result.errors).to.deep.equal([]);
    const script = join(tmp, "deliver.cjs");
    await writeFile(
      script,
      `const { App } = require("./lambda-bundle.cjs");
const app = new App({ appId: Number(process.env.APP_ID), privateKey: process.env.PRIVATE_KEY, baseUrl: process.env.BASE_URL, secret: "s", logLevel: "info" });
app.on("issues.opened", async (context) => {
  context.log.info("handling in cjs");
  await context.client.issues.createComment(context.issue({ body: "hi" }));
});
app.receive({ id: "2", name: "issues", payload: { action: "opened", issue: { number: 8 }, repository: { name: "r", owner: { login: "o" } }, installation: { id: 1 } } })
  .then(() => console.log("delivered from cjs"));
`,
    );
    await expectDelivered(script, 8, ["delivered from cjs", "handling in cjs"]);
  });

  // A Worker imports createApp and createWebHandler from the root: the rest of the root must not come along.
  it("bundled for a Worker, leaves out what only a Node process uses", async () => {
    const { inputs: bundled } = await bundleWorker(
      `import { createApp, createWebHandler } from ROOT;
let handler;
export default { fetch: (request, env, ctx) => (handler ??= createWebHandler(createApp({ env })))(request, env, ctx) };
`,
    );
    const nodeOnly = [
      /^node_modules\/(@hono\/node-server|dotenv)\//,
      /^dist\/src\/(run|proxy|views|apps|receive|setup-manifest)\//,
      /^dist\/src\/redis\/(create-redis-sharing|redis-connection|shared-[a-z-]+|delivery-claims)\.js$/,
      /^dist\/src\/queue\/(create-delivery-queue|bull-connection|start-delivery-worker)\.js$/,
      /^dist\/src\/server\/(create-server|create-node-middleware|listen)\.js$/,
      // Probot 7 and 8's client method names: apps that old do not run on Workers.
      /^dist\/src\/client\/catalogue\/older-names\.generated\.js$/,
    ];
    expect(bundled.filter((input) => nodeOnly.some((pattern) => pattern.test(input)))).to.deep.equal([]);
    // The webhook path itself is there.
    expect(bundled).to.include.members(["dist/src/server/create-web-handler.js", "dist/src/create-app.js"]);
  });

  // create-app.js supplies the Redis sharing as it loads (package.json "sideEffects" says so).
  it("bundled for a Worker that imports App alone, keeps the module that supplies the Redis sharing", async () => {
    const { inputs: bundled } = await bundleWorker("import { App } from ROOT;\nexport default App;\n");
    expect(bundled).to.include.members(["dist/src/create-app.js", "dist/src/helpers/unavailable/redis-sharing.js"]);
  });

  it("bundled for workerd, leaves out the Node-only optional parts, and says why when one is configured", async () => {
    const outfile = join(tmp, "workerd.mjs");
    const metafile = await bundleRootForWorkerd(outfile);
    const packages = new Set(
      Object.keys(metafile.inputs).map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1]),
    );
    const nodeOnly = ["bullmq", "ioredis", "smee-client", "undici", "pino-pretty", "node-fetch", "luxon"];
    expect(
      [...packages].filter((name) => nodeOnly.includes(name!) || /^@(sentry|opentelemetry)\//.test(name!)),
    ).to.deep.equal([]);
    const script = join(tmp, "sentry.mjs");
    await writeFile(
      script,
      `import { flushSentry, getLog } from "./workerd.mjs";
const log = getLog({ logFormat: "json", sentryDsn: "https://public@o1.ingest.sentry.io/1" });
log.error("failed");
await flushSentry(100);
`,
    );
    const { output } = await run(script, { PATH: process.env.PATH, NO_COLOR: "1" });
    expect(output).to.include(
      "Sentry is not available (Error reports to Sentry (SENTRY_DSN) is not available on Cloudflare Workers",
    );

    // Redis configured: the handler still comments (local throttling), and the log says why.
    const redis = join(tmp, "redis.mjs");
    await writeFile(
      redis,
      `import { App } from "./workerd.mjs";
const app = new App({ appId: Number(process.env.APP_ID), privateKey: process.env.PRIVATE_KEY, baseUrl: process.env.BASE_URL, secret: "s", redisConfig: "redis://127.0.0.1:9", logLevel: "info" });
app.on("issues.opened", (context) => context.client.issues.createComment(context.issue({ body: "hi" })));
await app.receive({ id: "1", name: "issues", payload: { action: "opened", issue: { number: 8 }, repository: { name: "r", owner: { login: "o" } }, installation: { id: 1 } } });
console.log("delivered");
process.exit(0);
`,
    );
    const withRedis = await run(redis, {
      PATH: process.env.PATH,
      BASE_URL: platform.url,
      APP_ID: String(platform.appId),
      PRIVATE_KEY: platform.privateKey,
      NO_COLOR: "1",
    });
    expect(withRedis.output, withRedis.output).to.include("delivered");
    expect(withRedis.output).to.include("Redis (REDIS_URL, redisConfig) is not available on Cloudflare Workers");
    expect(platform.requests.map((request) => `${request.method} ${request.path}`)).to.include(
      "POST /repos/o/r/issues/8/comments",
    );
  });
});
