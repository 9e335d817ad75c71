import { expect } from "chai";

/** The values CONTRACT.md and the spec name, imported as a user would: by package name. */
const VALUES = [
  "App",
  "createApp",
  "deprecatedCreateApp",
  "AppClient",
  "Context",
  "auth",
  "getAuthenticatedClient",
  "createNodeMiddleware",
  "createServer",
  "createWebhookProxy",
  "defaultApp",
  "defaultAppFns",
  "aliasLog",
  "bindMethod",
  "getLog",
  "getPrivateKey",
  "run",
  "VERSION",
  "DEPRECATED_APP_KEYS",
  "deprecatedKeys",
  "BASE_KEY",
  "BASE_REGEX",
  "CONFIG_PATH",
  "DEFAULT_BASE",
  "appMeta",
  "didFailRetrievingAppMeta",
  "didDeprecate",
] as const;

describe("the package root (gh-app-kit)", () => {
  let root: Record<string, unknown>;
  before(async () => {
    root = (await import("gh-app-kit")) as Record<string, unknown>;
  });

  for (const name of VALUES) {
    it(`exports ${name}`, () => {
      expect(root, name).to.have.property(name);
    });
  }

  it("gives the spec's initial values of the module values and constants", () => {
    expect(root.VERSION).to.equal("0.0.0-development");
    expect(root.DEPRECATED_APP_KEYS).to.deep.equal(["auth", "load", "log", "on", "receive", "route", "router"]);
    expect(Object.values(root.deprecatedKeys as object)).to.deep.equal([
      "router",
      "log",
      "on",
      "receive",
      "load",
      "route",
      "auth",
    ]);
    expect([root.BASE_KEY, root.CONFIG_PATH, root.DEFAULT_BASE]).to.deep.equal(["_extends", ".github", ".github"]);
    expect(root.appMeta).to.equal(null);
    expect(root.didFailRetrievingAppMeta).to.equal(false);
    expect(root.didDeprecate).to.equal(false);
  });

  it("holds exactly the default app in defaultAppFns", () => {
    expect(root.defaultAppFns).to.deep.equal([root.defaultApp]);
  });

  it("does not load oclif, the proxy client, Sentry or Redis just by being imported", async () => {
    const { execFileSync } = await import("node:child_process");
    const { mkdtempSync, readFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const folder = mkdtempSync(join(tmpdir(), "imports-"));
    const log = join(folder, "imports.txt");
    try {
      const hook = new URL("./fixtures/record-imports.mjs", import.meta.url).href;
      execFileSync(
        process.execPath,
        [
          "--import",
          `data:text/javascript,import { register } from "node:module"; register(${JSON.stringify(hook)});`,
          "--input-type=module",
          "-e",
          'await import("gh-app-kit");',
        ],
        { env: { PATH: process.env.PATH ?? "", IMPORT_LOG: log }, encoding: "utf8" },
      );
      const loaded = readFileSync(log, "utf8");
      expect(loaded).to.include("/dist/node/index.js");
      for (const optional of [
        "/@oclif/",
        "/smee-client/",
        "/@sentry/",
        "/ioredis/",
        "/bottleneck/lib/index.js",
        "/bullmq/",
      ]) {
        expect(loaded, optional).not.to.include(optional);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
