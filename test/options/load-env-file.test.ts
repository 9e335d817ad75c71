import { expect } from "chai";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAppError } from "../../src/errors.js";
import { loadEnvFile } from "../../src/options/load-env-file.js";
import { receive } from "../../src/receive/receive.js";
import { runSetup } from "../../src/setup-wizard/run-setup.js";

async function folder(): Promise<string> {
  return mkdtemp(join(tmpdir(), "load-env-file-"));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("loadEnvFile: the one reader of .env", () => {
  it("adds the file's variables beneath those already set", async () => {
    const cwd = await folder();
    await writeFile(join(cwd, ".env"), "APP_ID=1\nWEBHOOK_SECRET=from-file\n");
    expect(loadEnvFile({ env: { WEBHOOK_SECRET: "set" }, cwd })).to.deep.equal({ APP_ID: "1", WEBHOOK_SECRET: "set" });
  });

  it("changes nothing without a file, and never changes the given env", async () => {
    const cwd = await folder();
    const env = { PORT: "3000" };
    expect(loadEnvFile({ env, cwd })).to.deep.equal({ PORT: "3000" });
    await writeFile(join(cwd, ".env"), "HOST=127.0.0.1\n");
    loadEnvFile({ env, cwd, intoProcessEnv: true });
    expect(env).to.deep.equal({ PORT: "3000" });
  });

  it("copies the file into process.env only when asked and reading the process's own env", async () => {
    const cwd = await folder();
    const name = `LOAD_ENV_FILE_TEST_${process.pid}`;
    await writeFile(join(cwd, ".env"), `${name}=from-file\n`);
    try {
      loadEnvFile({ cwd });
      expect(process.env[name]).to.equal(undefined);
      loadEnvFile({ cwd, intoProcessEnv: true });
      expect(process.env[name]).to.equal("from-file");
    } finally {
      delete process.env[name];
    }
  });

  // `app receive` and `app setup` used to read .env each their own way and
  // skip a file they could not read; now an unreadable .env is said, as `app run` does.
  for (const [command, start] of [
    [
      "receive",
      (cwd: string) => receive({ apps: ["./app.js"], event: "issues.opened", payloadPath: "p.json", env: {}, cwd }),
    ],
    ["setup", (cwd: string) => runSetup({ interactive: false, yes: true, env: {}, cwd })],
  ] as const) {
    it(`is what ${command} reads .env with: an unreadable .env is OPTION_INVALID`, async () => {
      const cwd = await folder();
      await mkdir(join(cwd, ".env"));
      const error = await rejection(start(cwd));
      expect(isAppError(error) && error.code).to.equal("OPTION_INVALID");
      expect((error as Error).message).to.include(".env cannot be read");
    });
  }
});
