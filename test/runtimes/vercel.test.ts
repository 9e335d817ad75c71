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
// it to the function's "data" and "end" listeners. The function is `api/github/webhooks.js`: a
// default export that is createNodeMiddleware, as Probot's Vercel example deploys one (it serves the
// webhook path only), or a Web-standard POST export, as `app new --template vercel` writes one.
for (const [folder, form] of [
  ["vercel", "a default export of createNodeMiddleware, an ES module"],
  ["vercel-cjs", "a default export of createNodeMiddleware, CommonJS"],
  ["vercel-web", "a POST export of createWebHandler"],
] as const) {
  describeRuntime(
    `the packed package in Vercel's Node.js runtime (a function with ${form})`,
    { needs: ["@vercel/node"], noPing: true },
    (env, work) =>
      spawnTarget(process.execPath, [join(DEPS, "node_modules/@vercel/node/dist/dev-server.mjs")], {
        cwd: join(work, folder),
        env: { ...env, VERCEL_DEV_ENTRYPOINT: "api/github/webhooks.js", VERCEL_DEV_PORT: "0" },
        url: listeningUrl,
      }),
  );
}
