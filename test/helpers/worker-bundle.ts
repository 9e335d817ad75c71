import { build } from "esbuild";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../dist/src/index.js", import.meta.url));

export type WorkerBundle = {
  /** The package's modules and the packages bundled, as `dist/src/…` and `node_modules/…`. */
  inputs: string[];
  bytes: number;
  bytesOf: Map<string, number>;
};

/**
 * What a Worker whose code is `source` bundles, with wrangler's conditions (`workerd`, `worker`,
 * `browser`) and Node's built-ins left out. `ROOT` in `source` stands for the built package root
 * (run `npm run build` first).
 */
export async function bundleWorker(source: string, { minify = false } = {}): Promise<WorkerBundle> {
  const result = await build({
    stdin: { contents: source.replace("ROOT", JSON.stringify(ROOT)), resolveDir: process.cwd(), sourcefile: "w.mjs" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser"],
    external: [...builtinModules, "node:*"],
    write: false,
    metafile: true,
    minify,
    logLevel: "silent",
  });
  const [output] = Object.values(result.metafile.outputs);
  const bytesOf = new Map(
    Object.entries(output!.inputs)
      .filter(([input]) => /(node_modules|dist\/src)\//.test(input))
      .map(([input, { bytesInOutput }]) => [input.replace(/^.*?(node_modules|dist\/src)\//, "$1/"), bytesInOutput]),
  );
  return { inputs: [...bytesOf.keys()], bytes: output!.bytes, bytesOf };
}
