import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import { createManifest, DEFAULT_MANIFEST } from "../../src/setup-manifest/create-manifest.js";
import { getNewAppUrl } from "../../src/setup-manifest/get-new-app-url.js";
import { readAppManifest } from "../../src/setup-manifest/read-app-manifest.js";

const addresses = {
  domain: "https://app.example.com",
  webhookUrl: "https://app.example.com/api/github/webhooks",
  redirectUrl: "https://app.example.com/app/setup",
};

describe("the app manifest", () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "manifest-"));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it("is the defaults with this server's addresses when the folder has no app.yml or package.json", () => {
    const manifest = createManifest(readAppManifest({ cwd }), addresses);
    expect(manifest).to.deep.equal({
      ...DEFAULT_MANIFEST,
      url: addresses.domain,
      hook_attributes: { url: addresses.webhookUrl },
      redirect_url: addresses.redirectUrl,
    });
    expect(manifest.public).to.equal(false);
  });

  it("takes the name (without npm scope) and description from package.json", () => {
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ name: "@octo/my-app", description: "Greets issues" }));
    expect(readAppManifest({ cwd })).to.deep.equal({ name: "my-app", description: "Greets issues" });
  });

  it("reads an app.yml of comments only (or empty) as no fields, keeping package.json's", () => {
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ name: "my-app" }));
    for (const text of ["# fields come later\n", ""]) {
      writeFileSync(join(cwd, "app.yml"), text);
      expect(readAppManifest({ cwd })).to.deep.equal({ name: "my-app" });
    }
  });

  it("lets app.yml override package.json and the defaults, but never the redirect URL", () => {
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ name: "my-app" }));
    writeFileSync(
      join(cwd, "app.yml"),
      [
        "name: Greeter",
        "default_events: [pull_request]",
        "default_permissions:",
        "  pull_requests: write",
        "hook_attributes:",
        "  url: https://hooks.example.com",
        "redirect_url: https://elsewhere.example.com",
      ].join("\n"),
    );
    const manifest = createManifest(readAppManifest({ cwd }), addresses);
    expect(manifest).to.deep.include({
      name: "Greeter",
      default_events: ["pull_request"],
      default_permissions: { pull_requests: "write" },
      hook_attributes: { url: "https://hooks.example.com" },
      redirect_url: addresses.redirectUrl,
      public: false,
    });
  });

  const broken: ReadonlyArray<[string, string, RegExp]> = [
    ["invalid YAML", "name: [unclosed", /is not valid YAML: .* \(line 1, column 16\)$/],
    ["a duplicate key", "name: a\nname: b", /is not valid YAML: duplicated mapping key \(line 2, column 1\)$/],
    ["two YAML documents", "name: a\n---\nname: b", /holds 2 YAML documents/],
    ["a list", "- name: x", /must hold a mapping/],
    ["a string", "just text", /must hold a mapping/],
  ];
  for (const [label, text, message] of broken) {
    it(`refuses an app.yml holding ${label} with APP_MANIFEST_INVALID naming the file`, () => {
      writeFileSync(join(cwd, "app.yml"), text);
      let thrown: unknown;
      try {
        readAppManifest({ cwd });
      } catch (error) {
        thrown = error;
      }
      expect(isAppError(thrown)).to.equal(true);
      expect((thrown as { code: string }).code).to.equal("APP_MANIFEST_INVALID");
      expect((thrown as Error).message)
        .to.match(message)
        .and.include(join(cwd, "app.yml"));
    });
  }
});

describe("getNewAppUrl", () => {
  const rows: ReadonlyArray<[string, Parameters<typeof getNewAppUrl>[0], string]> = [
    ["github.com for a user", { state: "s1" }, "https://github.com/settings/apps/new?state=s1"],
    [
      "github.com for an organisation",
      { org: "octo-org", state: "s2" },
      "https://github.com/organizations/octo-org/settings/apps/new?state=s2",
    ],
    [
      "the API's own address",
      { baseUrl: "https://api.github.com", state: "s3" },
      "https://github.com/settings/apps/new?state=s3",
    ],
    [
      "GitHub Enterprise Server",
      { baseUrl: "https://ghe.example.com/api/v3", org: "team", state: "s4" },
      "https://ghe.example.com/organizations/team/settings/apps/new?state=s4",
    ],
    [
      "a GHE.com tenant",
      { baseUrl: "https://api.octo.ghe.com", state: "s5" },
      "https://octo.ghe.com/settings/apps/new?state=s5",
    ],
    [
      "a test platform on loopback",
      { baseUrl: "http://127.0.0.1:1234/api/v3", state: "s6" },
      "http://127.0.0.1:1234/settings/apps/new?state=s6",
    ],
  ];
  for (const [label, options, expected] of rows) {
    it(`points at ${label}`, () => {
      expect(getNewAppUrl(options)).to.equal(expected);
    });
  }
});
