import { generateKeyPairSync, randomBytes } from "node:crypto";
import { expect } from "chai";
import { registerSecret, scrubSecrets } from "../../src/log/secrets.js";

const R = "[REDACTED]";
const GHS = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";
const JWT = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE3MDAwMDAwMDAsImlzcyI6IjEyMyJ9.c2lnbmF0dXJlLXBhcnQ_-x";

let pem: string;

describe("scrubSecrets", () => {
  before(() => {
    pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs1",
      format: "pem",
    }) as string;
  });

  it("returns an ordinary line as it is", () => {
    const line = '{"level":30,"msg":"Handled issues.opened for octo-org/repo in 12ms","token_count":3}\n';
    expect(scrubSecrets(line)).to.equal(line);
  });

  const cases: ReadonlyArray<[rule: string, input: () => string, expected: () => string]> = [
    ["replaces a PEM private key with real newlines", () => `key ${pem} end`, () => `key ${R}\n end`],
    [
      "replaces a PEM private key with \\n escaped as in JSON",
      () => JSON.stringify({ k: pem }),
      () => `{"k":"${R}\\n"}`,
    ],
    [
      "replaces a truncated PEM private key up to the end of its body",
      () => JSON.stringify({ m: `bad ${pem.slice(0, 700)}` }),
      () => `{"m":"bad ${R}"}`,
    ],
    [
      "replaces the base64 encoding of a PEM",
      () => `PRIVATE_KEY=${Buffer.from(pem).toString("base64")} ok`,
      () => `PRIVATE_KEY=${R} ok`,
    ],
    ["replaces a JWT", () => `jwt ${JWT} ok`, () => `jwt ${R} ok`],
    ["replaces a ghs_ installation token", () => `t=${GHS}.`, () => `t=${R}.`],
    [
      "replaces ghp_, gho_, ghu_ and ghr_ tokens",
      () => ["ghp_", "gho_", "ghu_", "ghr_"].map((p) => p + "a".repeat(36)).join(" "),
      () => [R, R, R, R].join(" "),
    ],
    [
      "replaces a fine-grained github_pat_ token",
      () => `github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789 x`,
      () => `${R} x`,
    ],
    ["replaces an old v1. token of 40 hex digits", () => `v1.${"0123456789".repeat(4)} x`, () => `${R} x`],
    [
      "replaces an Authorization: token value",
      () => "Authorization: token 0123456789abcdef",
      () => `Authorization: token ${R}`,
    ],
    [
      "replaces an authorization bearer value in any case",
      () => "AUTHORIZATION = Bearer abc.def-ghi",
      () => `AUTHORIZATION = Bearer ${R}`,
    ],
    [
      "replaces an Authorization header value in serialized headers",
      () => '{"headers":{"Authorization":"Basic dXNlcjpwYXNz"}}',
      () => `{"headers":{"Authorization":"${R}"}}`,
    ],
    [
      "replaces string values of secret keys at any depth",
      () => '{"a":{"b":{"token":"plain-value","client_secret":"x\\"y"}}}',
      () => `{"a":{"b":{"token":"${R}","client_secret":"${R}"}}}`,
    ],
    [
      "replaces secret keys in JSON quoted inside a message",
      () => '{"msg":"body {\\"webhookSecret\\":\\"abc\\"}"}',
      () => `{"msg":"body {\\"webhookSecret\\":\\"${R}\\"}"}`,
    ],
    [
      "replaces a Cookie header value in free text",
      () => "request failed: Cookie: session=abc123; theme=dark",
      () => `request failed: Cookie: ${R}`,
    ],
    [
      "replaces a set-cookie value inside a JSON message, keeping the rest",
      () => '{"msg":"set-cookie: id=42; Path=/","id":"d-1"}',
      () => `{"msg":"set-cookie: ${R}","id":"d-1"}`,
    ],
    [
      "replaces credentials in a query string but keeps code",
      () => "/login?client_secret=abc123&code=xyz",
      () => `/login?client_secret=${R}&code=xyz`,
    ],
  ];
  for (const [rule, input, expected] of cases) {
    it(rule, () => {
      expect(scrubSecrets(input())).to.equal(expected());
    });
  }
});

describe("scrubSecrets with stateless installation tokens", () => {
  /** `ghs_<app id>_<JWT>`, as GitHub issues installation tokens now. */
  const statelessToken = () => {
    const part = (bytes: number) => randomBytes(bytes).toString("base64url");
    const claims = Buffer.from(JSON.stringify({ iss: "123456", jti: part(8 + (randomBytes(1)[0]! % 40)) }));
    return `ghs_123456_eyJ${part(30)}.eyJ${claims.toString("base64url")}${part(90)}.${part(256)}`;
  };
  const places: ReadonlyArray<[place: string, wrap: (token: string) => string]> = [
    ["in free text", (token) => `failed with ${token} after 3 tries.`],
    ["as a JSON value", (token) => JSON.stringify({ msg: "x", headers: { authorization: `token ${token}` } })],
    ["in an Authorization line", (token) => `Authorization: token ${token}\nAccept: */*`],
    ["in a query string", (token) => `GET /x?access_token=${token}&page=2`],
    ["inside a JSON string inside a message", (token) => JSON.stringify({ msg: JSON.stringify({ token }) })],
    ["twice on one line, cut short the second time", (token) => `${token} and ${token.slice(0, 200)}`],
  ];
  for (const [place, wrap] of places) {
    it(`leaves no run of 9 characters of the token ${place}`, () => {
      for (let run = 0; run < 20; run++) {
        const token = statelessToken();
        const scrubbed = scrubSecrets(wrap(token));
        expect(scrubbed).to.include(R);
        for (let i = 0; i + 9 <= token.length; i++) expect(scrubbed).not.to.include(token.slice(i, i + 9));
      }
    });
  }

  it("matches a registered secret before any pattern that would take only its start", () => {
    const secret = `eyJhbGciOiJI.eyJzdWIiOiIx.c2ln~${randomBytes(12).toString("hex")}`;
    registerSecret(secret);
    expect(scrubSecrets(`value ${secret} end`)).to.equal(`value ${R} end`);
  });

  it("scrubs a registered opaque token of 2 KB whole", () => {
    const token = `tok_${randomBytes(1536).toString("base64url")}`;
    registerSecret(token);
    expect(scrubSecrets(`{"msg":"token is ${token}"}`)).to.equal(`{"msg":"token is ${R}"}`);
  });
});

describe("registerSecret", () => {
  it("makes a registered secret disappear, also JSON-escaped", () => {
    const secret = `s3cret-${randomBytes(8).toString("hex")}-"quoted"\\`;
    registerSecret(secret);
    const line = `${secret} ${JSON.stringify({ v: secret })}`;
    expect(scrubSecrets(line)).to.equal(`${R} {"v":"${R}"}`);
  });

  it("prefers the longer of two secrets that start alike", () => {
    const short = `prefix-${randomBytes(4).toString("hex")}`;
    registerSecret(short);
    registerSecret(`${short}-longer`);
    expect(scrubSecrets(`${short}-longer ${short}`)).to.equal(`${R} ${R}`);
  });

  const ignored: ReadonlyArray<[rule: string, value: string | undefined | null]> = [
    ["ignores values shorter than 6 characters", "abc12"],
    ["ignores the development webhook secret", "development"],
    ["ignores undefined", undefined],
    ["ignores null", null],
  ];
  for (const [rule, value] of ignored) {
    it(rule, () => {
      registerSecret(value);
      const line = `the ${String(value)} value stays`;
      expect(scrubSecrets(line)).to.equal(line);
    });
  }
});
