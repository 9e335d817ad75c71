import { expect } from "chai";
import { build } from "esbuild";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../dist/src/index.js", import.meta.url));

/** What a Worker of `source` bundles (as `dist/src/…`, `node_modules/…`), as wrangler bundles, and its minified size. */
async function workerBundle(
  source: string,
): Promise<{ inputs: string[]; bytes: number; bytesOf: Map<string, number> }> {
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
    minify: true,
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

/** Hono's Lambda adapter (and the base64 helpers it uses) and the package's own entry on it. */
const LAMBDA_FILES =
  /^(node_modules\/hono\/dist\/(adapter\/aws-lambda|utils\/encode)|dist\/src\/server\/create-lambda-handler)/;

// createLambdaHandler is createWebHandler plus Hono's small Lambda adapter; a Worker that does not use it bundles none of it.
describe("createLambdaHandler in a bundle (build dist first)", function () {
  this.timeout(120_000);

  it("adds Hono's Lambda adapter to createWebHandler's bundle, and nothing else", async () => {
    const web = await workerBundle("export { createApp, createWebHandler } from ROOT;\n");
    const lambda = await workerBundle("export { createApp, createLambdaHandler } from ROOT;\n");
    expect(web.inputs.filter((input) => LAMBDA_FILES.test(input))).to.deep.equal([]);
    const added = lambda.inputs.filter((input) => !web.inputs.includes(input));
    expect(added).to.include("node_modules/hono/dist/adapter/aws-lambda/handler.js");
    expect(added.filter((input) => !LAMBDA_FILES.test(input))).to.deep.equal([]);
    expect(lambda.bytes - web.bytes).to.be.below(12_000);
  });

  it("grows a Worker bundle of the whole root by the adapter alone", async () => {
    const whole = await workerBundle("export * from ROOT;\n");
    const lambda = whole.inputs.filter((input) => LAMBDA_FILES.test(input));
    expect(lambda).to.include.members([
      "node_modules/hono/dist/adapter/aws-lambda/handler.js",
      "dist/src/server/create-lambda-handler.js",
    ]);
    const added = lambda.reduce((sum, input) => sum + whole.bytesOf.get(input)!, 0);
    expect(added).to.be.below(12_000);
    // No other Hono adapter comes along.
    expect(
      whole.inputs.filter((input) => /hono\/dist\/adapter\//.test(input) && !LAMBDA_FILES.test(input)),
    ).to.deep.equal([]);
  });
});
