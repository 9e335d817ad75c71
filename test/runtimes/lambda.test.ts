import { join } from "node:path";
import { describeRuntime } from "./helpers/runtime-cases.js";
import { firstUrl, spawnTarget } from "./helpers/spawned-target.js";

// Each HTTP request becomes an API Gateway v2 event for the function (fixtures/lambda/invoke.mjs).
for (const [adapter, title] of [
  ["hono", "the packed package on AWS Lambda (hono/aws-lambda and createWebHandler)"],
  ["serverless-http", "the packed package on AWS Lambda (serverless-http and createNodeMiddleware)"],
] as const) {
  describeRuntime(title, { needs: ["serverless-http"], noPing: adapter === "serverless-http" }, (env, work) =>
    spawnTarget(process.execPath, ["invoke.mjs", adapter], { cwd: join(work, "lambda"), env, url: firstUrl }),
  );
}
