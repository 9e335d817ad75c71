import { build, type BuildOptions, type Metafile } from "esbuild";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../dist/src/index.js", import.meta.url));

/** wrangler's bundling: its conditions, Node's built-ins left to the runtime (`nodejs_compat`). */
const AS_WRANGLER = {
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker", "browser"],
  external: [...builtinModules, "node:*"],
  metafile: true,
  logLevel: "silent",
} satisfies BuildOptions;

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
    ...AS_WRANGLER,
    stdin: { contents: source.replace("ROOT", JSON.stringify(ROOT)), resolveDir: process.cwd(), sourcefile: "w.mjs" },
    write: false,
    minify,
  });
  const [output] = Object.values(result.metafile.outputs);
  const bytesOf = new Map(
    Object.entries(output!.inputs)
      .filter(([input]) => /(node_modules|dist\/src)\//.test(input))
      .map(([input, { bytesInOutput }]) => [input.replace(/^.*?(node_modules|dist\/src)\//, "$1/"), bytesInOutput]),
  );
  return { inputs: [...bytesOf.keys()], bytes: output!.bytes, bytesOf };
}

/**
 * The whole package root bundled for workerd into `outfile`, runnable by Node (a `require` made
 * for the bundle's CommonJS parts): what a Worker of the root loads. Resolves the bundle's inputs.
 */
export async function bundleRootForWorkerd(outfile: string): Promise<Metafile> {
  const result = await build({
    ...AS_WRANGLER,
    entryPoints: [ROOT],
    outfile,
    banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
  });
  return result.metafile;
}
