import { expect } from "chai";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "dotenv";
import { updateEnvFile } from "../../src/env-file/update-env-file.js";
import { getTestKeys } from "../helpers/keys.js";

describe("updateEnvFile", () => {
  let folder: string;
  let path: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "env-file-"));
    path = join(folder, ".env");
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("creates the file readable only by its owner", async () => {
    await updateEnvFile(path, { APP_ID: "123" });
    expect(readFileSync(path, "utf8")).to.equal("APP_ID=123\n");
    expect(statSync(path).mode & 0o777).to.equal(0o600);
  });

  it("keeps unrelated lines and comments, and replaces a value in place", async () => {
    writeFileSync(path, "# my app\nAPP_ID=1\n\nOTHER=keep me # note\nexport LOG_LEVEL=debug\n");
    await updateEnvFile(path, { APP_ID: "2", WEBHOOK_SECRET: "s3cret" });
    expect(readFileSync(path, "utf8")).to.equal(
      "# my app\nAPP_ID=2\n\nOTHER=keep me # note\nexport LOG_LEVEL=debug\nWEBHOOK_SECRET=s3cret\n",
    );
  });

  it("replaces a multi-line quoted value whole", async () => {
    writeFileSync(path, 'PRIVATE_KEY="-----BEGIN\nold\n-----END"\nAFTER=1\n');
    await updateEnvFile(path, { PRIVATE_KEY: "new" });
    expect(readFileSync(path, "utf8")).to.equal("PRIVATE_KEY=new\nAFTER=1\n");
  });

  const values: ReadonlyArray<[label: string, value: string]> = [
    ["a value with spaces and a hash", "a b # c"],
    ["a value with a double quote", 'say "hi"'],
    ["a value with a single quote", "it's"],
    ["a value with both quotes", `it's "x"`],
    ["an empty value", ""],
    ["a URL", "https://smee.io/abc?x=1&y=2"],
    ["a PEM private key with its newlines", getTestKeys().privateKeyPkcs1.trim()],
  ];
  for (const [label, value] of values) {
    it(`writes ${label} so dotenv reads it back unchanged`, async () => {
      await updateEnvFile(path, { VALUE: value, NEXT: "1" });
      expect(parse(readFileSync(path, "utf8"))).to.deep.equal({ VALUE: value, NEXT: "1" });
    });
  }

  it("leaves no temporary file behind", async () => {
    await updateEnvFile(path, { A: "1" });
    await updateEnvFile(path, { B: "2" });
    expect(readdirSync(folder)).to.deep.equal([".env"]);
  });
});
