import { execFile } from "node:child_process";
import { cp, mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../../src/testing/start-fake-platform.js";
import { sign } from "../helpers/sign.js";
import { bin, preparePackedFixture, requireRuntimes } from "./helpers/packed-fixture.js";
import { describeRuntime, SECRET, type Target } from "./helpers/runtime-cases.js";
import { firstUrl, spawnTarget } from "./helpers/spawned-target.js";

const run = promisify(execFile);
let built: Promise<string> | undefined;

/** `next build` with the default config (slow: once per process), then `next start` on a free port. */
function buildNext(work: string): Promise<string> {
  built ??= (async () => {
    const dir = join(work, "next");
    await mkdir(join(dir, "lib"), { recursive: true });
    await cp(join(work, "app.mjs"), join(dir, "lib", "app.mjs"));
    await run(bin("next"), ["build"], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      maxBuffer: 16 * 1024 * 1024,
    });
    return dir;
  })();
  return built;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startNext(env: Record<string, string>, work: string) {
  const dir = await buildNext(work);
  const port = await freePort();
  return spawnTarget(bin("next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: dir,
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
    url: (output) => (/Ready in/.test(output) ? `http://127.0.0.1:${port}` : firstUrl("")),
  });
}

const options = { needs: ["next"], startMs: 600_000 };
describeRuntime("the packed package in a Next.js App Router route (next build, default config)", options, startNext);
describeRuntime(
  "the packed package in a Next.js pages API route with the body parser off",
  { ...options, webhookPath: "/api/raw", noPing: true },
  startNext,
);

describe("the packed package in a Next.js pages API route with the default body parser", function () {
  requireRuntimes(this, "next");
  let platform: FakePlatform;
  let target: Target | undefined;
  before(async function () {
    this.timeout(600_000);
    const work = await preparePackedFixture();
    platform = await startFakePlatform();
    target = await startNext(
      { APP_ID: "1", PRIVATE_KEY: platform.privateKey, WEBHOOK_SECRET: SECRET, BASE_URL: platform.url },
      work,
    );
  });
  after(async () => {
    await target?.stop();
    await platform?.close();
  });

  it("answers 400 saying how to turn the parser off, instead of hanging", async () => {
    const body = JSON.stringify({
      action: "opened",
      issue: { number: 1 },
      repository: { name: "r", owner: { login: "o" } },
    });
    const headers = {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": "parsed-1",
      "x-hub-signature-256": sign(SECRET, body),
    };
    const response = await target!.send(new Request("http://127.0.0.1/api/parsed", { method: "POST", headers, body }));
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { error: string }).error).to.include("bodyParser: false");
  });
});

// `runtime = "edge"`: Next bundles the package's "edge-light" entry, which throws an AppError saying
// to use the Node.js runtime; the build stops there (it loads the route to collect its page data).
describe("the packed package in a Next.js route on the Edge runtime", function () {
  requireRuntimes(this, "next");

  it("stops the build with RUNTIME_UNSUPPORTED, saying to use the Node.js runtime", async function () {
    this.timeout(600_000);
    const work = await preparePackedFixture();
    const dir = join(work, "next-edge");
    await mkdir(join(dir, "lib"), { recursive: true });
    await cp(join(work, "app.mjs"), join(dir, "lib", "app.mjs"));
    const failure = await run(bin("next"), ["build"], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      () => undefined,
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(failure, "the build succeeded").to.not.equal(undefined);
    const output = `${failure!.stdout}\n${failure!.stderr}`;
    expect(output, output).to.include("RUNTIME_UNSUPPORTED");
    expect(output).to.include("Run the route on the Node.js runtime");
    expect(output, "the bundler's own failure came first").to.not.include("Module not found");
  });
});
