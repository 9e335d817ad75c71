import { join } from "node:path";
import { describeRuntime } from "./helpers/runtime-cases.js";
import { firstUrl, spawnTarget } from "./helpers/spawned-target.js";

// Each HTTP request becomes an API Gateway event for the function (fixtures/lambda/invoke.mjs): payload
// format 2.0 (HTTP API, function URLs; a base64 body) or 1.0 (REST API; header names in GitHub's case).
for (const [adapter, format, title] of [
  ["gh-app-kit", "v2", "the packed package on AWS Lambda (createLambdaHandler, HTTP API v2 events)"],
  ["gh-app-kit", "v1", "the packed package on AWS Lambda (createLambdaHandler, REST API v1 events)"],
  ["hono", "v2", "the packed package on AWS Lambda (hono/aws-lambda and createWebHandler)"],
  ["serverless-http", "v2", "the packed package on AWS Lambda (serverless-http and createNodeMiddleware)"],
] as const) {
  // The package's own entry needs nothing beyond the package; the others run with the runtimes' install.
  const needs = adapter === "gh-app-kit" ? [] : ["serverless-http"];
  describeRuntime(title, { needs, noPing: adapter === "serverless-http" }, (env, work) =>
    spawnTarget(process.execPath, ["invoke.mjs", adapter, format], { cwd: join(work, "lambda"), env, url: firstUrl }),
  );
}
