import { join } from "node:path";
import { describeRuntime } from "./helpers/runtime-cases.js";
import { firstUrl, spawnTarget } from "./helpers/spawned-target.js";

// The baseline: the packed package's createWebHandler on Node itself.
describeRuntime("the packed package on Node (createWebHandler)", { needs: [] }, (env, work) =>
  spawnTarget(process.execPath, ["serve.mjs"], { cwd: join(work, "node"), env, url: firstUrl }),
);
