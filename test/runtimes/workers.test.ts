import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { bin, DEPS } from "./helpers/packed-fixture.js";
import { describeRuntime } from "./helpers/runtime-cases.js";

const run = promisify(execFile);

type MiniflareLike = {
  ready: Promise<URL>;
  dispatchFetch(url: string, init: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
};

/** Bundled by wrangler's default bundler (as `wrangler deploy` would), run in workerd through Miniflare. */
describeRuntime(
  "the packed package on Cloudflare Workers (workerd, nodejs_compat)",
  { needs: ["wrangler"] },
  async (env, work) => {
    const dir = join(work, "worker");
    const outdir = join(dir, "dist");
    await run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
      cwd: dir,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", CI: "1" },
    });
    const entry = pathToFileURL(join(DEPS, "node_modules", "miniflare", "dist", "src", "index.js")).href;
    const { Miniflare, Log, LogLevel } = (await import(entry)) as {
      Miniflare: new (options: object) => MiniflareLike;
      Log: new (level: number) => object;
      LogLevel: Record<string, number>;
    };
    let output = "";
    const mf = new Miniflare({
      modules: [{ type: "ESModule", path: join(outdir, "worker.js") }],
      modulesRoot: outdir,
      cf: false,
      compatibilityDate: "2025-09-01",
      compatibilityFlags: ["nodejs_compat"],
      bindings: env,
      log: new Log(LogLevel.WARN!),
      handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
        stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
        stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      },
    });
    await mf.ready;
    return {
      send: async (request) => {
        const body = request.body ? await request.text() : null;
        return mf.dispatchFetch(request.url, { method: request.method, headers: request.headers, body });
      },
      output: () => output,
      stop: () => mf.dispose(),
    };
  },
);
