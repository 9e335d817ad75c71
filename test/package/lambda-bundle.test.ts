import { expect } from "chai";
import { bundleWorker } from "../helpers/worker-bundle.js";

/** Hono's Lambda adapter (and the base64 helpers it uses) and the package's own entry on it. */
const LAMBDA_FILES =
  /^(node_modules\/hono\/dist\/(adapter\/aws-lambda|utils\/encode)|dist\/src\/server\/create-lambda-handler)/;

// createLambdaHandler is createWebHandler plus Hono's small Lambda adapter; a Worker that does not use it bundles none of it.
describe("createLambdaHandler in a bundle (build dist first)", function () {
  this.timeout(120_000);

  it("adds Hono's Lambda adapter to createWebHandler's bundle, and nothing else", async () => {
    const web = await bundleWorker("export { createApp, createWebHandler } from ROOT;\n", { minify: true });
    const lambda = await bundleWorker("export { createApp, createLambdaHandler } from ROOT;\n", { minify: true });
    expect(web.inputs.filter((input) => LAMBDA_FILES.test(input))).to.deep.equal([]);
    const added = lambda.inputs.filter((input) => !web.inputs.includes(input));
    expect(added).to.include("node_modules/hono/dist/adapter/aws-lambda/handler.js");
    expect(added.filter((input) => !LAMBDA_FILES.test(input))).to.deep.equal([]);
    expect(lambda.bytes - web.bytes).to.be.below(12_000);
  });

  it("grows a Worker bundle of the whole root by the adapter alone", async () => {
    const whole = await bundleWorker("export * from ROOT;\n", { minify: true });
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
