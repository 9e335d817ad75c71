import { join } from "node:path";
import { describeRuntime } from "./helpers/runtime-cases.js";
import { spawnTarget } from "./helpers/spawned-target.js";
import { DEPS } from "./helpers/packed-fixture.js";

/** Vercel's dev server prints `Dev server listening: { address: '127.0.0.1', family: 'IPv4', port: N }`. */
function listeningUrl(output: string): string | undefined {
  const port = /Dev server listening:.*port: (\d+)/.exec(output)?.[1];
  return port === undefined ? undefined : `http://127.0.0.1:${port}`;
}

// Vercel's Node.js runtime, as `vercel dev` runs a function (@vercel/node's dev server, from npm):
// it reads the request body before the function runs, for its `request.body` helper, and replays
// it to the function's "data" and "end" listeners. The function is the file Probot's Vercel example
// deploys, `api/github/webhooks.js`, whose default export is createNodeMiddleware (it serves the
// webhook path only).
for (const [folder, form] of [
  ["vercel", "an ES module"],
  ["vercel-cjs", "CommonJS"],
] as const) {
  describeRuntime(
    `the packed package in Vercel's Node.js runtime (a function exporting createNodeMiddleware, ${form})`,
    { needs: ["@vercel/node"], noPing: true },
    (env, work) =>
      spawnTarget(process.execPath, [join(DEPS, "node_modules/@vercel/node/dist/dev-server.mjs")], {
        cwd: join(work, folder),
        env: { ...env, VERCEL_DEV_ENTRYPOINT: "api/github/webhooks.js", VERCEL_DEV_PORT: "0" },
        url: listeningUrl,
      }),
  );
}
