import { join } from "node:path";
import { bin } from "./helpers/packed-fixture.js";
import { describeRuntime } from "./helpers/runtime-cases.js";
import { firstUrl, spawnTarget } from "./helpers/spawned-target.js";

// The permissions docs/deploy.md gives for Deno: the network, the variables, reading its files, and
// the host name (the logger reads it as it loads).
describeRuntime("the packed package on Deno (Deno.serve)", { needs: ["deno"] }, (env, work) =>
  spawnTarget(
    bin("deno"),
    ["run", "--allow-net=127.0.0.1", "--allow-env", "--allow-read", "--allow-sys=hostname", "serve.mjs"],
    {
      cwd: join(work, "deno-bun"),
      env: { ...env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
      url: firstUrl,
    },
  ),
);

describeRuntime("the packed package on Bun (Bun.serve)", { needs: ["bun"] }, (env, work) =>
  spawnTarget(bin("bun"), ["serve.mjs"], { cwd: join(work, "deno-bun"), env, url: firstUrl }),
);
