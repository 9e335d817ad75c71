import { expect } from "chai";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "dotenv";
import { getTestKeys } from "../helpers/keys.js";
import { oneLine, runBin } from "./run-bin.js";
import { runInTerminal } from "./run-in-terminal.js";

const NO_STACK = /\n\s+at /;

describe("app setup", () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "app-setup-"));
  });

  const setup = (args: string[], env: NodeJS.ProcessEnv = {}) => runBin(["setup", ...args], { cwd, env });
  const readEnv = async () => parse(await readFile(join(cwd, ".env"), "utf8"));

  describe("without questions", () => {
    it("writes .env with mode 0600, keeping other lines and comments", async () => {
      await writeFile(join(cwd, ".env"), "# my notes\nOTHER=keep me\nAPP_ID=1\n");
      const result = await setup([
        "--yes",
        "-a",
        "123",
        "--domain",
        "https://app.example.com",
        "-Y",
        "https://smee.io/abc123",
      ]);
      expect(result.code, result.stderr).to.equal(0);
      const text = await readFile(join(cwd, ".env"), "utf8");
      expect(text).to.match(/^# my notes\nOTHER=keep me\nAPP_ID=123\n/);
      const env = parse(text);
      expect(env).to.include({
        PROJECT_DOMAIN: "https://app.example.com",
        WEBHOOK_PROXY_URL: "https://smee.io/abc123",
      });
      expect(env.WEBHOOK_SECRET).to.match(/^[0-9a-f]{64}$/);
      expect((await stat(join(cwd, ".env"))).mode & 0o777).to.equal(0o600);
      expect(result.stdout).not.to.include(env.WEBHOOK_SECRET!);
      expect(result.stdout).to.include("https://smee.io/abc123");
      expect(result.stdout).to.include("`app doctor`");
    });

    it("writes no PROJECT_DOMAIN unless given (the server then shows its real port) and keeps the secret already in .env", async () => {
      await writeFile(join(cwd, ".env"), "WEBHOOK_SECRET=already-set-secret\n");
      const result = await setup(["--yes", "-a", "7"], { PORT: "4567" });
      expect(result.code, result.stderr).to.equal(0);
      expect(await readEnv())
        .to.include({ APP_ID: "7", WEBHOOK_SECRET: "already-set-secret" })
        .and.not.have.property("PROJECT_DOMAIN");
    });

    it("quotes a secret that needs it, so it reads back unchanged", async () => {
      const secret = "with spaces # and 'quotes'";
      const result = await setup(["--yes", "-a", "9", "--secret", secret]);
      expect(result.code, result.stderr).to.equal(0);
      expect((await readEnv()).WEBHOOK_SECRET).to.equal(secret);
    });

    it("exits 2 naming every missing flag when there is no terminal", async () => {
      const result = await setup([]);
      expect(result.code).to.equal(2);
      expect(oneLine(result.stderr)).to.include("--app-id (APP_ID), --secret (WEBHOOK_SECRET)");
      expect(result.stderr).to.include("--yes");
      expect(existsSync(join(cwd, ".env"))).to.equal(false);
    });

    it("exits 2 naming --app-id when --yes has no default for it", async () => {
      const result = await setup(["--yes"]);
      expect(result.code).to.equal(2);
      expect(oneLine(result.stderr)).to.include("these values have no default: --app-id (APP_ID)");
      expect(result.stderr).not.to.match(NO_STACK);
    });

    const badValues: ReadonlyArray<[label: string, args: string[], message: string]> = [
      [
        "an address that is not http(s)",
        ["-a", "5", "--domain", "ftp://example.com"],
        "must start with http:// or https://",
      ],
      ["a short secret", ["-a", "5", "--secret", "short"], "at least 8 characters"],
      ["a proxy that is not a URL", ["-a", "5", "-Y", "smee"], "is not a URL"],
      ["an app id of 0", ["-a", "0"], "--app-id: Expected an integer greater than or equal to 1"],
    ];
    for (const [label, args, message] of badValues) {
      it(`exits 2 with one line for ${label}`, async () => {
        const result = await setup(["--yes", ...args]);
        expect(result.code).to.equal(2);
        expect(oneLine(result.stderr)).to.include(message);
        expect(existsSync(join(cwd, ".env"))).to.equal(false);
      });
    }
  });

  describe("the private key", () => {
    it("says it comes from PRIVATE_KEY_PATH and is valid", async () => {
      await writeFile(join(cwd, "key.pem"), getTestKeys().privateKeyPkcs1);
      const result = await setup(["--yes", "-a", "1"], { PRIVATE_KEY_PATH: "key.pem" });
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.include("Private key: from PRIVATE_KEY_PATH (key.pem), a valid RSA key.");
    });

    it("says it comes from PRIVATE_KEY, without showing it", async () => {
      const result = await setup(["--yes", "-a", "1"], { PRIVATE_KEY: getTestKeys().privateKeyPkcs8 });
      expect(result.stdout).to.include("Private key: from PRIVATE_KEY, a valid RSA key.");
      expect(result.stdout).not.to.include("PRIVATE KEY-----");
    });

    it("writes PRIVATE_KEY_PATH for --private-key", async () => {
      await writeFile(join(cwd, "app.pem"), getTestKeys().privateKeyPkcs1);
      await writeFile(join(cwd, "other.pem"), getTestKeys().privateKeyPkcs1);
      const result = await setup(["--yes", "-a", "1", "--private-key", "app.pem"]);
      expect(result.stdout).to.include("Private key: from --private-key (app.pem)");
      expect((await readEnv()).PRIVATE_KEY_PATH).to.equal("app.pem");
    });

    it("gives the hint naming all three sources when there is none", async () => {
      const result = await setup(["--yes", "-a", "1"]);
      expect(result.code).to.equal(0);
      expect(result.stdout).to.match(
        /Private key: none found\. Pass --private-key=<path>.*PRIVATE_KEY .*PRIVATE_KEY_PATH/,
      );
    });

    it("exits 1 when PRIVATE_KEY is not a key, without printing it", async () => {
      const result = await setup(["--yes", "-a", "1"], { PRIVATE_KEY: "not-a-key-but-a-secret-value" });
      expect(result.code).to.equal(1);
      expect(oneLine(result.stderr)).to.include("PRIVATE_KEY");
      expect(result.stdout + result.stderr).not.to.include("not-a-key-but-a-secret-value");
      expect(existsSync(join(cwd, ".env"))).to.equal(false);
    });
  });

  describe("in a terminal", function () {
    this.timeout(90_000);

    it("asks every question, asks again after an invalid answer, and writes .env", async () => {
      await writeFile(join(cwd, "app.pem"), getTestKeys().privateKeyPkcs1);
      const result = await runInTerminal(
        ["setup"],
        [
          {
            expect: "Public address of the app \\(PROJECT_DOMAIN; empty for http://localhost:<port>\\)",
            send: "https://bot.example.com\r",
          },
          { expect: "App ID", send: "abc\r" },
          { expect: "positive whole number", send: "\x7f\x7f\x7f42\r" },
          { expect: "Webhook secret .*\\([0-9a-f]{64}\\)", send: "\r" },
          { expect: "Webhook proxy URL", send: "\r" },
        ],
        { cwd },
      );
      expect(result.code, result.output).to.equal(0);
      expect(result.output).to.include(
        "Private key: from the only .pem file in this folder (app.pem), a valid RSA key.",
      );
      const env = await readEnv();
      expect(env).to.include({ PROJECT_DOMAIN: "https://bot.example.com", APP_ID: "42" });
      expect(env.WEBHOOK_SECRET).to.match(/^[0-9a-f]{64}$/);
      expect(env).not.to.have.property("WEBHOOK_PROXY_URL");
      expect((await stat(join(cwd, ".env"))).mode & 0o777).to.equal(0o600);
    });

    it("offers to keep a secret already set without showing it, and asks for the key's path", async () => {
      await writeFile(join(cwd, ".env"), "WEBHOOK_SECRET=kept-secret-value\nAPP_ID=5\n");
      await writeFile(join(cwd, "keys.pem.txt"), getTestKeys().privateKeyPkcs1);
      const result = await runInTerminal(
        ["setup", "--domain", "http://localhost:3000"],
        [
          { expect: "Path to the app's private key", send: "keys.pem.txt\r" },
          { expect: "App ID \\(on the app's settings page\\) \\(5\\)", send: "\r" },
          { expect: "Keep the webhook secret that is already set\\?", send: "\r" },
          { expect: "Webhook proxy URL", send: "https://smee.io/xyz\r" },
        ],
        { cwd },
      );
      expect(result.code, result.output).to.equal(0);
      expect(result.output).not.to.include("kept-secret-value");
      expect(result.output).not.to.include("Public address");
      expect(await readEnv()).to.include({
        WEBHOOK_SECRET: "kept-secret-value",
        APP_ID: "5",
        PRIVATE_KEY_PATH: "keys.pem.txt",
        WEBHOOK_PROXY_URL: "https://smee.io/xyz",
      });
    });
  });
});
