import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { parse } from "dotenv";
import { getLog } from "../../src/log/get-log.js";
import { run, type RunningServer } from "../../src/run/run.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { addManifestConversions, extractState } from "./manifest-conversions.js";

type Answer = { status: number; text: string; location: string | undefined };

/** A real HTTP request with the headers a browser (or an attacker's page) would send, Host included. */
function send(
  url: string,
  path: string,
  headers: Record<string, string>,
  form?: Record<string, string>,
): Promise<Answer> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const all = body
    ? {
        ...headers,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
      }
    : headers;
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}${path}`, { method: body ? "POST" : "GET", headers: all }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, text, location: response.headers.location }),
      );
    });
    outgoing.on("error", reject).end(body);
  });
}

describe("setup mode: trusted hosts, origins, and existing credentials", () => {
  let platform: FakePlatform;
  let cwd: string;
  let server: RunningServer;
  let local: string;
  const pem = () => getTestKeys().privateKeyPkcs1;
  const envFile = () => join(cwd, ".env");

  before(async () => (platform = await startFakePlatform({ publicKey: getTestKeys().publicKey })));
  after(() => platform.close());
  async function start(env: Record<string, string> = {}): Promise<void> {
    server = await run([], {
      cwd,
      env: { PORT: "0", ...env },
      handleSignals: false,
      overrides: {
        baseUrl: platform.url,
        log: getLog({ level: "fatal", logFormat: "json", destination: createLogCapture().stream }),
      },
    });
    local = `localhost:${server.port}`;
  }
  beforeEach(() => (cwd = mkdtempSync(join(tmpdir(), "setup-hosts-"))));
  afterEach(async () => {
    await server?.stop({ graceMs: 100 });
    rmSync(cwd, { recursive: true, force: true });
    platform.reset();
  });

  const hosts: ReadonlyArray<[host: (port: number) => string, served: boolean]> = [
    [(port) => `localhost:${port}`, true],
    [(port) => `127.0.0.1:${port}`, true],
    [(port) => `[::1]:${port}`, true],
    [() => "LOCALHOST", true], // any port, any case
    [(port) => `evil.example:${port}`, false], // DNS rebinding: the attacker's name, this server's address
    [(port) => `127.0.0.1.evil.example:${port}`, false],
    [(port) => `localhost.evil.example:${port}`, false],
  ];
  for (const [host, served] of hosts) {
    it(`${served ? "serves" : "refuses (403, no state token)"} the setup pages for Host ${host(3000)}`, async () => {
      await start();
      for (const path of ["/app/setup", "/app/import"]) {
        const page = await send(server.url, path, { host: host(server.port) });
        expect(page.status, path).to.equal(served ? 200 : 403);
        expect(/name="state"|state=/.test(page.text), path).to.equal(served);
      }
    });
  }

  it("serves PROJECT_DOMAIN's host, and builds redirect_url from PROJECT_DOMAIN, not from the Host", async () => {
    await start({ PROJECT_DOMAIN: "https://bot.example.com" });
    const page = await send(server.url, "/app/setup", { host: "bot.example.com" });
    expect(page.status).to.equal(200);
    expect(page.text).to.include("https://bot.example.com/app/setup");
    expect((await send(server.url, "/app/setup", { host: "other.example.com" })).status).to.equal(403);
  });

  it("builds redirect_url from a loopback Host only", async () => {
    await start();
    const page = await send(server.url, "/app/setup", { host: local });
    expect(page.text).to.include(`http://${local}/app/setup`);
  });

  it("refuses a POST whose Origin is another site, or missing (403, nothing written)", async () => {
    await start();
    for (const origin of ["http://evil.example", "null", undefined, `http://localhost:${server.port + 1}`]) {
      const state = extractState((await send(server.url, "/app/import", { host: local })).text);
      const form = { state, appId: "666", webhookSecret: "attacker-secret", privateKey: pem() };
      const answer = await send(server.url, "/app/import", { host: local, ...(origin ? { origin } : {}) }, form);
      expect(answer.status, String(origin)).to.equal(403);
    }
    expect(() => readFileSync(envFile())).to.throw(/ENOENT/);
  });

  it("keeps APP_ID 777 through a DNS-rebinding import, and without the page's explicit confirmation", async () => {
    writeFileSync(envFile(), "APP_ID=777\nOTHER=kept\n");
    await start();
    // The attacker's page, reached through DNS rebinding, gets no token.
    const rebound = await send(server.url, "/app/import", { host: `evil.example:${server.port}` });
    expect(rebound.status).to.equal(403);
    // The owner's own page, without ticking "Replace them": shown again, nothing written.
    const form = { appId: "666", webhookSecret: "new-secret-value", privateKey: pem() };
    const page = await send(server.url, "/app/import", { host: local });
    expect(page.text).to.include("APP_ID").and.include("777").and.include('name="replace"');
    const unconfirmed = await send(
      server.url,
      "/app/import",
      { host: local, origin: `http://${local}` },
      { ...form, state: extractState(page.text) },
    );
    expect(unconfirmed.status).to.equal(400);
    expect(parse(readFileSync(envFile(), "utf8")).APP_ID).to.equal("777");
    // Ticked: replaced, other lines kept.
    const confirmed = await send(
      server.url,
      "/app/import",
      { host: local, origin: `http://${local}` },
      { ...form, state: extractState(unconfirmed.text), replace: "yes" },
    );
    expect(confirmed.status, confirmed.text).to.equal(302);
    expect(parse(readFileSync(envFile(), "utf8"))).to.include({ APP_ID: "666", OTHER: "kept" });
  });

  it("keeps a user's import token while the setup page is loaded 100 times", async () => {
    await start();
    const state = extractState((await send(server.url, "/app/import", { host: local })).text);
    for (let load = 0; load < 100; load++) await send(server.url, "/app/setup", { host: local });
    const form = { state, appId: "55", webhookSecret: "user-secret-value", privateKey: pem() };
    const saved = await send(server.url, "/app/import", { host: local, origin: `http://${local}` }, form);
    expect(saved.status, saved.text).to.equal(302);
    expect(parse(readFileSync(envFile(), "utf8")).APP_ID).to.equal("55");
  });

  it("asks before a registered app's credentials replace those in .env", async () => {
    writeFileSync(envFile(), "APP_ID=777\n");
    const conversions = addManifestConversions(platform, pem());
    await start();
    const state = extractState((await send(server.url, "/app/setup", { host: local })).text);
    const callback = await send(server.url, `/app/setup?code=${conversions.issueCode().code}&state=${state}`, {
      host: local,
    });
    expect(callback.status).to.equal(200);
    expect(callback.text).to.include("777").and.include('action="/app/setup/confirm"');
    expect(parse(readFileSync(envFile(), "utf8")).APP_ID).to.equal("777");
    const confirmState = extractState(callback.text);
    const refused = await send(
      server.url,
      "/app/setup/confirm",
      { host: local, origin: `http://${local}` },
      { state: confirmState },
    );
    expect(refused.status).to.equal(403);
    expect(parse(readFileSync(envFile(), "utf8")).APP_ID).to.equal("777");
  });

  it("replaces them once the confirmation box is ticked", async () => {
    writeFileSync(envFile(), "APP_ID=777\n");
    const conversions = addManifestConversions(platform, pem());
    await start();
    const state = extractState((await send(server.url, "/app/setup", { host: local })).text);
    const callback = await send(server.url, `/app/setup?code=${conversions.issueCode().code}&state=${state}`, {
      host: local,
    });
    const confirmed = await send(
      server.url,
      "/app/setup/confirm",
      { host: local, origin: `http://${local}` },
      { state: extractState(callback.text), replace: "yes" },
    );
    expect(confirmed.status, confirmed.text).to.equal(302);
    expect(parse(readFileSync(envFile(), "utf8")).APP_ID).to.equal("4242");
  });
});
