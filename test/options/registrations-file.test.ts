import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { App } from "../../src/app.js";
import { createApp } from "../../src/create-app.js";
import { isAppError } from "../../src/errors.js";
import { getLog } from "../../src/log/get-log.js";
import { loadRegistrationsParser, readRegistrationsFile } from "../../src/options/read-registrations-file.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";
import { runBin } from "../commands/run-bin.js";

const SECRET = "registration-secret-5678";
const silent = () => getLog({ level: "fatal", logFormat: "json", destination: createLogCapture().stream });

function folderWith(files: Record<string, string>): string {
  const cwd = mkdtempSync(join(tmpdir(), "registrations-file-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  return cwd;
}

/** The AppError `run` throws: its code, and message and hint together. */
function failure(run: () => unknown): { code: string; text: string } {
  try {
    run();
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, text: `${error.message} ${error.hint ?? ""}` };
  }
  throw new Error("expected an AppError");
}

describe("APP_REGISTRATIONS files and the registrations option", () => {
  const key = getTestKeys().privateKeyPkcs1;
  // As the commands do before reading their settings: YAML needs the parser, loaded on demand.
  before(() => loadRegistrationsParser({ APP_REGISTRATIONS: "regs.yml" }));

  it("reads JSON and YAML lists, the key inline or from privateKeyPath beside the file", () => {
    const cwd = folderWith({
      "b.pem": key,
      "regs.json": JSON.stringify([{ appId: 1, privateKey: key, secret: SECRET }]),
      "regs.yaml": `registrations:\n  - appId: "2"\n    privateKeyPath: b.pem\n    secret: ${SECRET}\n    baseUrl: https://ghe.example.com/api/v3/\n    name: ghes\n`,
    });
    expect(readRegistrationsFile("regs.json", cwd)).to.deep.equal([
      { appId: 1, privateKey: key, secret: SECRET, baseUrl: undefined, name: undefined },
    ]);
    const [ghes] = readRegistrationsFile(join(cwd, "regs.yaml"), "/");
    expect(ghes).to.deep.include({ appId: 2, secret: SECRET, baseUrl: "https://ghe.example.com/api/v3", name: "ghes" });
    // Read from b.pem beside the file: the same key as given inline.
    expect(ghes!.privateKey).to.equal(key);
  });

  const cases: Array<[string, string, RegExp]> = [
    ["not a list", "appId: 1\n", /must be a non-empty list/],
    ["an empty list", "[]", /non-empty list.*an empty list/],
    [
      "an entry without appId",
      `- secret: ${SECRET}\n  privateKey: x\n`,
      /entry 1: appId must be a positive whole number, got nothing/,
    ],
    ["an entry without secret", `- appId: 3\n  privateKeyPath: b.pem\n`, /entry 1: secret is missing.*webhook secret/],
    ["an entry without a key", `- appId: 3\n  secret: ${SECRET}\n`, /entry 1: privateKey is missing.*privateKeyPath/],
    [
      "both privateKey and privateKeyPath",
      `- {appId: 3, secret: s, privateKey: k, privateKeyPath: b.pem}\n`,
      /both privateKey and privateKeyPath/,
    ],
    [
      "a key file that is not there",
      `- {appId: 3, secret: s, privateKeyPath: missing.pem}\n`,
      /entry 1: the private key file .*missing\.pem cannot be read \(ENOENT\)/,
    ],
    [
      "an unknown field",
      `- {appId: 3, secret: s, privateKeyPath: b.pem, webhookSecret: s}\n`,
      /unknown field\(s\) "webhookSecret"/,
    ],
    [
      "earlier secrets that are not a list of strings",
      `- {appId: 3, secret: s, privateKeyPath: b.pem, additionalSecrets: ${SECRET}}\n`,
      /entry 1: additionalSecrets must be a list of non-empty strings, got a string/,
    ],
    [
      "a base URL without protocol",
      `- {appId: 3, secret: s, privateKeyPath: b.pem, baseUrl: ghe.example.com}\n`,
      /baseUrl must be an http\(s\) URL/,
    ],
    [
      "the same app twice",
      `- {appId: 3, secret: s, privateKeyPath: b.pem}\n- {appId: 3, secret: t, privateKeyPath: b.pem, name: again}\n`,
      /entries 1 and 2 are both app 3 on https:\/\/api\.github\.com/,
    ],
    ["a syntax error", `- {appId: 3, secret: ${SECRET}\n`, /not valid JSON or YAML at line \d+/],
  ];
  for (const [title, text, expected] of cases) {
    it(`refuses ${title}, naming the entry and the field, never a secret`, () => {
      const cwd = folderWith({ "b.pem": key, "regs.yml": text });
      const { code, text: message } = failure(() => readRegistrationsFile("regs.yml", cwd));
      expect(code).to.equal("REGISTRATIONS_INVALID");
      expect(message).to.match(expected);
      expect(message).to.include("APP_REGISTRATIONS (regs.yml)");
      expect(message).not.to.include(SECRET);
      expect(message).not.to.include(key.slice(40, 80));
    });
  }

  it("refuses a secret YAML reads as a number without printing it, and says to quote it", () => {
    for (const written of ["1234567890123", "0123456789e5"]) {
      const cwd = folderWith({ "b.pem": key, "regs.yml": `- {appId: 3, secret: ${written}, privateKeyPath: b.pem}\n` });
      const { code, text } = failure(() => readRegistrationsFile("regs.yml", cwd));
      expect(code).to.equal("REGISTRATIONS_INVALID");
      expect(text).to.match(/entry 1: secret is not a non-empty string \(a number\)/);
      expect(text).to.match(/quotes/);
      // The digits as written, and as YAML read them (12345678900000).
      expect(text).not.to.match(/\d{6}/);
    }
  });

  const keyCases: Array<[string, string, Record<string, string>]> = [
    ["a privateKey that is not a key", `- {appId: 3, secret: s, privateKey: not-a-key}\n`, {}],
    ["a privateKey of only its first line", `- {appId: 3, secret: s, privateKey: "${key.split("\n")[0]}"}\n`, {}],
    ["a truncated key file", `- {appId: 3, secret: s, privateKeyPath: cut.pem}\n`, { "cut.pem": key.slice(0, 300) }],
  ];
  for (const [title, text, files] of keyCases) {
    it(`refuses ${title} with a hint about the entry's fields, not the variables it replaces`, () => {
      const cwd = folderWith({ "regs.yml": text, ...files });
      const { code, text: message } = failure(() => readRegistrationsFile("regs.yml", cwd));
      expect(code).to.equal("PRIVATE_KEY_INVALID");
      expect(message).to.match(/entry 1/);
      // PRIVATE_KEY and PRIVATE_KEY_PATH are refused beside APP_REGISTRATIONS: a hint naming them misleads.
      expect(message).not.to.match(/PRIVATE_KEY|--private-key|working folder/);
      expect(message).to.match(/privateKeyPath/);
    });
  }

  it("refuses a registrations option whose privateKey is not a key, with a hint about privateKey alone", () => {
    const registrations = [{ appId: 3, privateKey: "not-a-key", secret: SECRET }];
    const { code, text } = failure(() => createApp({ overrides: { registrations, log: silent() } }));
    expect(code).to.equal("PRIVATE_KEY_INVALID");
    expect(text).to.match(/privateKey/);
    expect(text).not.to.match(/PRIVATE_KEY|--private-key|privateKeyPath/);
  });

  it("refuses a missing file, naming the variable", () => {
    const { code, text } = failure(() =>
      createApp({ env: { APP_REGISTRATIONS: "nowhere.yml" }, overrides: { log: silent() } }),
    );
    expect(code).to.equal("REGISTRATIONS_INVALID");
    expect(text).to.match(/APP_REGISTRATIONS \(nowhere\.yml\) cannot be read \(ENOENT\)/);
  });

  it("refuses the list itself given as APP_REGISTRATIONS (not a file's path) without printing it, from app run and app doctor", async () => {
    const cwd = folderWith({});
    const secret = "inline-Zq8xPLm3v9w";
    const inline = {
      json: JSON.stringify([{ appId: 1, privateKey: key, secret }]),
      yaml: `- appId: 1\n  secret: ${secret}\n  privateKey: ${JSON.stringify(key)}\n`,
      flow: `[{appId: 1, secret: ${secret}, privateKey: x}]`,
    };
    for (const [format, value] of Object.entries(inline)) {
      for (const command of ["run", "doctor"]) {
        const { code, stdout, stderr } = await runBin([command], { cwd, env: { APP_REGISTRATIONS: value } });
        const output = stdout + stderr;
        expect(code, `${format}, app ${command}: ${output}`).to.equal(1);
        expect(output, `${format}, app ${command}`).not.to.include(secret.slice(-9));
        expect(output, `${format}, app ${command}`).not.to.include(key.split("\n")[5]!.slice(0, 20));
        expect(output, `${format}, app ${command}`).to.match(/APP_REGISTRATIONS holds the list itself/);
      }
    }
  });

  it("refuses APP_REGISTRATIONS beside APP_ID or WEBHOOK_SECRET, and registrations beside appId", () => {
    const cwd = folderWith({ "regs.json": JSON.stringify([{ appId: 1, privateKey: key, secret: SECRET }]) });
    const both = failure(() =>
      createApp({
        env: { APP_REGISTRATIONS: join(cwd, "regs.json"), APP_ID: "1", WEBHOOK_SECRET: SECRET },
        overrides: { log: silent() },
      }),
    );
    expect(both.text).to.match(/APP_REGISTRATIONS is set, and so is APP_ID, WEBHOOK_SECRET/);
    expect(both.text).not.to.include(SECRET);
    const inCode = failure(
      () => new App({ appId: 1, registrations: [{ appId: 2, privateKey: key, secret: SECRET }], log: silent() }),
    );
    expect(inCode).to.deep.include({ code: "REGISTRATIONS_INVALID" });
    expect(inCode.text).to.match(/registrations option is set, and so is appId/);
  });

  it("one registration is the plain options: same state, not routed, named in context.registration", async () => {
    const app = createApp({
      env: {},
      overrides: { registrations: [{ appId: 7, privateKey: key, secret: SECRET, name: "solo" }], log: silent() },
    });
    expect(app.registrations.several).to.equal(false);
    expect(app.state).to.include({ appId: 7, privateKey: getTestKeys().privateKeyPkcs1 });
    expect(app.state.webhooks.secret).to.equal(SECRET);
    let seen: unknown;
    app.on("issues", (context) => void (seen = context.registration));
    await app.receive({ id: "1", name: "issues", payload: { action: "opened" } });
    expect(seen).to.deep.equal({ appId: 7, name: "solo", baseUrl: undefined });
  });
});
