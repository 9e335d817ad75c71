import { createPublicKey, generateKeyPairSync } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import type { AppError } from "../../src/errors.js";
import { findPrivateKey, getPrivateKey, PRIVATE_KEY_HINT } from "../../src/private-key/get-private-key.js";
import type { GetPrivateKeyOptions } from "../../src/private-key/get-private-key.js";

type Keys = { pkcs1: string; pkcs8: string; other: string; rsa: KeyObject };

let root: string;
let keys: Keys;

/** A fresh folder under `root` holding `files` (relative path → contents). */
function folder(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(root, "cwd-"));
  for (const [name, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), contents);
  }
  return dir;
}

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  return expect.fail("expected an AppError");
}

/** Every 20-character slice of a PEM's body: none may reach a message. */
function bodySlices(pem: string): string[] {
  const body = pem
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("-----") && !line.includes(":"))
    .join("");
  return Array.from({ length: Math.max(0, body.length - 19) }, (_, i) => body.slice(i, i + 20));
}

describe("getPrivateKey", () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), "private-key-test-"));
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    keys = {
      rsa,
      pkcs1: rsa.export({ type: "pkcs1", format: "pem" }) as string,
      pkcs8: rsa.export({ type: "pkcs8", format: "pem" }) as string,
      other: other.export({ type: "pkcs1", format: "pem" }) as string,
    };
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  describe("PRIVATE_KEY formats", () => {
    const cases: ReadonlyArray<[rule: string, input: (k: Keys) => string, expected: (k: Keys) => string]> = [
      ["accepts PKCS#1 PEM with real newlines", (k) => k.pkcs1, (k) => k.pkcs1],
      ["accepts PKCS#8 PEM with real newlines", (k) => k.pkcs8, (k) => k.pkcs8],
      ["turns \\n escapes (as in .env files) into newlines", (k) => k.pkcs1.replace(/\n/g, "\\n"), (k) => k.pkcs1],
      ["turns \\n escapes in PKCS#8 into newlines", (k) => k.pkcs8.replace(/\n/g, "\\n"), (k) => k.pkcs8],
      ["turns \\r\\n newlines into \\n", (k) => k.pkcs1.replace(/\n/g, "\r\n"), (k) => k.pkcs1],
      ["decodes the base64 encoding of the whole PEM", (k) => Buffer.from(k.pkcs1).toString("base64"), (k) => k.pkcs1],
      ["adds the missing trailing newline", (k) => k.pkcs8.trimEnd(), (k) => k.pkcs8],
      [
        "rewraps a body pasted on one line with spaces",
        (k) => k.pkcs1.replace(/\n(?!-----END)/g, " ").replace(/ $/, ""),
        (k) => k.pkcs1,
      ],
    ];
    for (const [rule, input, expected] of cases) {
      it(rule, () => {
        const key = getPrivateKey({ env: { PRIVATE_KEY: input(keys) }, cwd: folder() });
        expect(key).to.equal(expected(keys));
      });
    }
  });

  describe("sources", () => {
    const cases: ReadonlyArray<[rule: string, setup: () => GetPrivateKeyOptions, source: string, file?: string]> = [
      [
        "reads the --private-key path, resolved against cwd",
        () => ({ filepath: "keys/app.pem", env: {}, cwd: folder({ "keys/app.pem": keys.pkcs1 }) }),
        "--private-key",
        "keys/app.pem",
      ],
      ["reads PRIVATE_KEY", () => ({ env: { PRIVATE_KEY: keys.pkcs1 }, cwd: folder() }), "PRIVATE_KEY"],
      [
        "reads PRIVATE_KEY_PATH, resolved against cwd",
        () => ({ env: { PRIVATE_KEY_PATH: "secrets/app.pem" }, cwd: folder({ "secrets/app.pem": keys.pkcs1 }) }),
        "PRIVATE_KEY_PATH",
        "secrets/app.pem",
      ],
      [
        "reads the single .pem file in cwd",
        () => ({ env: {}, cwd: folder({ "my-app.2024-01-01.private-key.pem": keys.pkcs1, "notes.txt": "x" }) }),
        "pem-file",
        "my-app.2024-01-01.private-key.pem",
      ],
      [
        "prefers --private-key to PRIVATE_KEY, PRIVATE_KEY_PATH and a .pem file",
        () => ({
          filepath: "a.key",
          env: { PRIVATE_KEY: keys.other, PRIVATE_KEY_PATH: "b.pem" },
          cwd: folder({ "a.key": keys.pkcs1, "b.pem": keys.other }),
        }),
        "--private-key",
        "a.key",
      ],
      [
        "prefers PRIVATE_KEY to PRIVATE_KEY_PATH and a .pem file",
        () => ({ env: { PRIVATE_KEY: keys.pkcs1, PRIVATE_KEY_PATH: "b.pem" }, cwd: folder({ "b.pem": keys.other }) }),
        "PRIVATE_KEY",
      ],
      [
        "prefers PRIVATE_KEY_PATH to the .pem files in cwd",
        () => ({
          env: { PRIVATE_KEY_PATH: "a.key" },
          cwd: folder({ "a.key": keys.pkcs1, "b.pem": keys.other, "c.pem": keys.other }),
        }),
        "PRIVATE_KEY_PATH",
        "a.key",
      ],
      [
        "ignores an empty PRIVATE_KEY",
        () => ({ env: { PRIVATE_KEY: "", PRIVATE_KEY_PATH: "a.pem" }, cwd: folder({ "a.pem": keys.pkcs1 }) }),
        "PRIVATE_KEY_PATH",
        "a.pem",
      ],
    ];
    for (const [rule, setup, source, file] of cases) {
      it(rule, () => {
        const options = setup();
        const found = findPrivateKey(options);
        expect(found).to.deep.equal({
          source,
          ...(file === undefined ? {} : { path: join(options.cwd!, file) }),
          key: keys.pkcs1,
        });
        expect(getPrivateKey(options)).to.equal(keys.pkcs1);
      });
    }
  });

  it("returns null when no source has a key", () => {
    const options = { env: {}, cwd: folder({ "README.md": "no keys here" }) };
    expect(getPrivateKey(options)).to.equal(null);
    expect(findPrivateKey(options)).to.equal(null);
  });

  it("refuses to choose between several .pem files in cwd", () => {
    const cwd = folder({ "a.pem": keys.pkcs1, "b.pem": keys.other });
    const error = thrown(() => getPrivateKey({ env: {}, cwd }));
    expect(error.code).to.equal("PRIVATE_KEY_AMBIGUOUS");
    expect(error.message).to.include("a.pem").and.include("b.pem");
    expect(error.hint).to.include("PRIVATE_KEY_PATH");
  });

  const missing: ReadonlyArray<[rule: string, options: (cwd: string) => GetPrivateKeyOptions, source: string]> = [
    [
      "names --private-key and the path when its file does not exist",
      () => ({ filepath: "missing.pem", env: {} }),
      "--private-key",
    ],
    [
      "names PRIVATE_KEY_PATH and the path when its file does not exist",
      () => ({ env: { PRIVATE_KEY_PATH: "missing.pem" } }),
      "PRIVATE_KEY_PATH",
    ],
  ];
  for (const [rule, options, source] of missing) {
    it(rule, () => {
      const cwd = folder();
      const error = thrown(() => getPrivateKey({ ...options(cwd), cwd }));
      expect(error.code).to.equal("PRIVATE_KEY_NOT_FOUND");
      expect(error.message).to.include(`(${source})`).and.include(join(cwd, "missing.pem"));
    });
  }

  describe("invalid keys", () => {
    const ed25519 = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }) as string;
    const ec = () =>
      generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({
        type: "sec1",
        format: "pem",
      }) as string;
    const encrypted = (type: "pkcs1" | "pkcs8") =>
      keys.rsa.export({ type, format: "pem", cipher: "aes-256-cbc", passphrase: "passphrase" }) as string;
    const cases: ReadonlyArray<[rule: string, key: () => string, message: RegExp, hint: RegExp]> = [
      ["a key without its END line is truncated", () => keys.pkcs1.slice(0, 900), /is truncated/, /-----END/],
      [
        "a key with part of its body missing is damaged",
        () => keys.pkcs1.slice(0, 400) + keys.pkcs1.slice(480),
        /truncated or damaged/,
        /whole key/,
      ],
      [
        "a key wrapped in double quotes must lose them",
        () => `"${keys.pkcs1.replace(/\n/g, "\\n")}"`,
        /wrapped in quotes/,
        /Remove the quotes/,
      ],
      [
        "a key wrapped in single quotes must lose them",
        () => `'${keys.pkcs8}'`,
        /wrapped in quotes/,
        /Remove the quotes/,
      ],
      [
        "an encrypted PKCS#8 key must be unencrypted",
        () => encrypted("pkcs8"),
        /is encrypted; it must be unencrypted/,
        /unencrypted/,
      ],
      [
        "an encrypted PKCS#1 key (Proc-Type) must be unencrypted",
        () => encrypted("pkcs1"),
        /is encrypted; it must be unencrypted/,
        /openssl/,
      ],
      [
        "an EC key is not RSA",
        () => ec(),
        /is not an RSA key \(its type is ec\); GitHub App keys are RSA/,
        /settings page/,
      ],
      [
        "an ed25519 key is not RSA",
        () => ed25519(),
        /is not an RSA key \(its type is ed25519\); GitHub App keys are RSA/,
        /settings page/,
      ],
      [
        "a public key is not the private key",
        () => createPublicKey(keys.rsa).export({ type: "spki", format: "pem" }) as string,
        /public key/,
        /settings page/,
      ],
      [
        "text that is not a key is rejected",
        () => "this is not a key, just some text",
        /is not a PEM private key/,
        /PRIVATE_KEY_PATH/,
      ],
      [
        "only the first line (a .env mistake) asks for \\n or PRIVATE_KEY_PATH",
        () => keys.pkcs1.split("\n")[0]!,
        /only the first line/,
        /one line with \\n.*PRIVATE_KEY_PATH/,
      ],
    ];
    const sources: ReadonlyArray<
      [name: string, options: (key: string) => GetPrivateKeyOptions, label: (cwd: string) => string]
    > = [
      ["PRIVATE_KEY", (key) => ({ env: { PRIVATE_KEY: key } }), () => "The private key in PRIVATE_KEY "],
      [
        "PRIVATE_KEY_PATH",
        () => ({ env: { PRIVATE_KEY_PATH: "app.pem" } }),
        (cwd) => `The private key file ${join(cwd, "app.pem")} (PRIVATE_KEY_PATH) `,
      ],
    ];
    for (const [rule, key, message, hint] of cases) {
      for (const [source, options, label] of sources) {
        it(`rejects it from ${source}: ${rule}`, () => {
          const text = key();
          const cwd = folder({ "app.pem": text });
          const error = thrown(() => getPrivateKey({ ...options(text), cwd }));
          expect(error.code).to.equal("PRIVATE_KEY_INVALID");
          expect(error.message.startsWith(label(cwd)), error.message).to.equal(true);
          expect(error.message).to.match(message);
          expect(error.hint).to.match(hint);
          const shown = `${error.message}\n${error.hint}`;
          expect(bodySlices(text).filter((slice) => shown.includes(slice))).to.deep.equal([]);
        });
      }
    }
  });
});

describe("PRIVATE_KEY_HINT", () => {
  it("names the --private-key flag, PRIVATE_KEY and PRIVATE_KEY_PATH", () => {
    expect(PRIVATE_KEY_HINT).to.include("--private-key=<path>");
    expect(PRIVATE_KEY_HINT).to.match(/\bPRIVATE_KEY\b(?!_)/);
    expect(PRIVATE_KEY_HINT).to.include("PRIVATE_KEY_PATH");
    expect(PRIVATE_KEY_HINT).to.include(".pem file in the working folder");
  });
});
