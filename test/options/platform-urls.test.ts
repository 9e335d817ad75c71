import { expect } from "chai";
import { AppError } from "../../src/errors.js";
import { readEnvOptions } from "../../src/options/read-env-options.js";
import { platformUrls, platformUrlsFromHost, type PlatformUrls } from "../../src/options/platform-urls.js";

const GITHUB: PlatformUrls = {
  kind: "github.com",
  apiUrl: "https://api.github.com",
  uploadsUrl: "https://uploads.github.com",
  webUrl: "https://github.com",
};
const TENANT: PlatformUrls = {
  kind: "ghe.com",
  apiUrl: "https://api.octo.ghe.com",
  uploadsUrl: "https://uploads.octo.ghe.com",
  webUrl: "https://octo.ghe.com",
};
const SERVER: PlatformUrls = {
  kind: "ghes",
  apiUrl: "https://ghe.example.com/api/v3",
  uploadsUrl: "https://ghe.example.com/api/uploads",
  webUrl: "https://ghe.example.com",
};

describe("platform URLs", () => {
  const hosts: ReadonlyArray<[env: Record<string, string>, expected: PlatformUrls]> = [
    [{}, GITHUB],
    [{ GHE_HOST: "octo.ghe.com" }, TENANT],
    [{ GHE_HOST: "OCTO.ghe.com" }, TENANT],
    [{ GHE_HOST: "api.octo.ghe.com" }, TENANT],
    [{ GHE_HOST: "ghe.example.com" }, SERVER],
    [
      { GHE_HOST: "ghe.local:8080", GHE_PROTOCOL: "http" },
      {
        kind: "ghes",
        apiUrl: "http://ghe.local:8080/api/v3",
        uploadsUrl: "http://ghe.local:8080/api/uploads",
        webUrl: "http://ghe.local:8080",
      },
    ],
  ];
  for (const [env, expected] of hosts) {
    it(`derives ${expected.apiUrl} from ${JSON.stringify(env)}`, () => {
      expect(platformUrlsFromHost(env.GHE_HOST, env.GHE_PROTOCOL as "http" | undefined)).to.deep.equal(expected);
      expect(readEnvOptions({ env, skipPrivateKey: true }).baseUrl).to.equal(
        env.GHE_HOST ? expected.apiUrl : undefined,
      );
      expect(platformUrls(expected.apiUrl)).to.deep.equal(expected);
    });
  }

  it("reads GHE_PROTOCOL in any case, as a URL's scheme is (Probot put it in the URL as given)", () => {
    for (const [protocol, expected] of [
      ["HTTP", "http://ghe.local:8080/api/v3"],
      ["Https", "https://ghe.local:8080/api/v3"],
      [" http ", "http://ghe.local:8080/api/v3"],
    ]) {
      const env = { GHE_HOST: "ghe.local:8080", GHE_PROTOCOL: protocol! };
      expect(readEnvOptions({ env, skipPrivateKey: true }).baseUrl, protocol).to.equal(expected);
    }
    expect(() =>
      readEnvOptions({ env: { GHE_HOST: "ghe.local", GHE_PROTOCOL: "ftp" }, skipPrivateKey: true }),
    ).to.throw(AppError, /GHE_PROTOCOL must be one of https, http, got "ftp"/);
  });

  it("reads a base URL given with a trailing slash, or that is neither github.com nor /api/v3", () => {
    expect(platformUrls("https://api.github.com/")).to.deep.equal(GITHUB);
    expect(platformUrls("https://api.octo.ghe.com/")).to.deep.equal(TENANT);
    expect(platformUrls("http://127.0.0.1:4000")).to.deep.equal({
      kind: "ghes",
      apiUrl: "http://127.0.0.1:4000",
      uploadsUrl: "http://127.0.0.1:4000",
      webUrl: "http://127.0.0.1:4000",
    });
  });

  it("refuses a GHE_HOST with a protocol or a path, and a base URL that is no URL, naming what to set", () => {
    for (const host of ["https://octo.ghe.com", "ghe.example.com/api/v3"]) {
      expect(() => readEnvOptions({ env: { GHE_HOST: host }, skipPrivateKey: true }))
        .to.throw(AppError, /GHE_HOST must be a host name/)
        .with.property("hint")
        .that.matches(/<tenant>\.ghe\.com/);
    }
    expect(() => platformUrls("api.github.com")).to.throw(AppError, /is not a URL/);
  });
});
