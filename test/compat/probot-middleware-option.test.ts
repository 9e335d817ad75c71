import { expect } from "chai";
import { App, createNodeMiddleware, createServer, createWebHandler } from "../../src/index.js";

/**
 * Probot 11 to 14's `createNodeMiddleware(appFn, { probot: createProbot() })`, its serverless entries'
 * shape, with only the import renamed. The App came under `probot`: the error said the option was
 * missing, and its hint showed `createServer(...)` whatever was called.
 */
describe("compat: Probot's probot option of createNodeMiddleware", () => {
  const app = new App({ platformToken: "t", logLevel: "fatal" });
  const appFn = () => {};
  const cases: Array<[string, () => unknown, string]> = [
    [
      "createNodeMiddleware",
      () => createNodeMiddleware(appFn, { probot: app } as never),
      "createNodeMiddleware(appFn, { app",
    ],
    ["createWebHandler", () => createWebHandler(appFn, { probot: app } as never), "createWebHandler(appFn, { app"],
    ["createServer", () => createServer({ probot: app } as never), "createServer({ app"],
  ];
  for (const [caller, make, call] of cases) {
    it(`${caller} names the "app" option where it was given "probot"`, () => {
      let error: { code?: string; message?: string; hint?: string } | undefined;
      try {
        make();
      } catch (caught) {
        error = caught as typeof error;
      }
      expect(error?.code).to.equal("OPTION_INVALID");
      expect(error?.message).to.equal(`${caller} takes the App as its "app" option, not "probot".`);
      expect(error?.hint).to.include(call);
    });
  }

  it("without either, the hint shows the call that was made", () => {
    let error: { hint?: string } | undefined;
    try {
      createNodeMiddleware(appFn, {} as never);
    } catch (caught) {
      error = caught as typeof error;
    }
    expect(error?.hint).to.include("createNodeMiddleware(appFn, { app: createApp() })");
  });
});
