import { createServer } from "node:net";
import { join } from "node:path";
import { describeRuntime } from "./helpers/runtime-cases.js";
import { firstUrl, spawnTarget } from "./helpers/spawned-target.js";
import { bin } from "./helpers/packed-fixture.js";

/** A port nothing listens on now: the framework takes a --port and prints the URL it serves. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Google Cloud Functions' own framework (the one its Node runtime runs): Express parses the JSON
// body before the function sees it and keeps the bytes as request.rawBody (fixtures/gcf/index.mjs,
// and fixtures/gcf-cjs/index.js through the package's require entry). The middleware serves only
// the webhook path, as Probot's did there.
for (const [folder, form] of [
  ["gcf", "an ES module"],
  ["gcf-cjs", "CommonJS"],
] as const) {
  describeRuntime(
    `the packed package on Google Cloud Functions (functions-framework and createNodeMiddleware, ${form})`,
    { needs: ["@google-cloud/functions-framework"], noPing: true },
    async (env, work) =>
      spawnTarget(bin("functions-framework"), ["--target=githubApp", "--source=.", `--port=${await freePort()}`], {
        cwd: join(work, folder),
        env,
        url: firstUrl,
      }),
  );
}
