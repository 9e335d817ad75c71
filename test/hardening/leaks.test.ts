import { expect } from "chai";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createWebhookProxy } from "../../src/proxy/create-webhook-proxy.js";
import { createServer } from "../../src/server/create-server.js";
import { createSetupApp } from "../../src/setup-manifest/create-setup-app.js";
import { createStateTokens } from "../../src/setup-manifest/state-tokens.js";
import { startEventStreamServer } from "../helpers/event-stream-server.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "../server/start-test-server.js";
import { addManifestConversions } from "../setup-manifest/manifest-conversions.js";

const CLIENT_SECRET = "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567";
const COOKIE = "session=cookie-value-8f3a9c";

/** A middle line of the PEM body: any part of the key must stay out. */
const keyLine = () => getTestKeys().privateKeyPkcs1.split("\n")[5]!;

/** Fails naming the secret when any `texts` contains any `secrets`. */
function expectNoSecrets(texts: string[], secrets: Record<string, string>): void {
  for (const [name, value] of Object.entries(secrets)) {
    const leaked = texts.find((text) => text.includes(value));
    expect(leaked, `${name} leaked into: ${leaked?.slice(0, 300)}`).to.equal(undefined);
  }
}

/**
 * Fails naming the secret when any `texts` holds any run of more than 8 characters of any
 * `secrets`: a token cut short or in pieces leaks as surely as a whole one.
 */
function expectNoFragments(texts: string[], secrets: Record<string, string>): void {
  const seen = new Set<string>();
  for (const text of texts) for (let i = 0; i + 9 <= text.length; i++) seen.add(text.slice(i, i + 9));
  for (const [name, value] of Object.entries(secrets)) {
    for (let i = 0; i + 9 <= value.length; i++) {
      const fragment = value.slice(i, i + 9);
      const leaked = seen.has(fragment) ? texts.find((text) => text.includes(fragment)) : undefined;
      expect(leaked, `${name} leaked ${JSON.stringify(fragment)} into: ${leaked?.slice(0, 300)}`).to.equal(undefined);
    }
  }
}

for (const tokenFormat of ["classic", "stateless"] as const)
  describe(`hardening: leaks (${tokenFormat} installation tokens)`, () => {
    let platform: FakePlatform;
    let test: TestServer;
    const answers: string[] = [];
    const secrets: Record<string, string> = {};

    before(async () => {
      platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, tokenFormat });
      test = await startTestServer(
        ({ app, getRouter }) => {
          app.on("issues.opened", async (context) => {
            const jwt = await app.state.tokens!.getJwt();
            const token = await app.state.tokens!.getInstallationToken(1);
            Object.assign(secrets, { jwt, token });
            const failures: Record<string, () => never> = {
              key: () => {
                throw new Error(`key ${getTestKeys().privateKeyPkcs1}`);
              },
              jwt: () => {
                throw new Error(`jwt ${jwt}`);
              },
              token: () => {
                throw new Error(`token ${token}`);
              },
              header: () => {
                throw new Error(`Authorization: token ${token}`);
              },
              secret: () => {
                throw new Error(`secret ${TEST_SECRET}`);
              },
              client: () => {
                throw new Error(`client_secret=${CLIENT_SECRET}`);
              },
              nested: () => {
                throw Object.assign(new Error("nested"), {
                  config: { token, privateKey: getTestKeys().privateKeyPkcs1 },
                });
              },
            };
            context.log.info(
              { headers: { authorization: `token ${token}`, cookie: COOKIE } },
              "handler logged headers",
            );
            failures[context.payload.issue.title]?.();
          });
          app.on("issues.closed", async (context) => {
            platform.revokeToken(await app.state.tokens!.getInstallationToken(1));
            platform.failNext("POST", "/app/installations/:installation_id/access_tokens", {
              status: 401,
              body: { message: "Bad credentials" },
            });
            await context.client.issues.createComment(context.issue({ body: "hi" }));
          });
          getRouter("/leaky").get("/boom", async () => {
            throw new Error(`route failed with ${await app.state.tokens!.getInstallationToken(1)}`);
          });
        },
        { platform },
      );
    });
    after(async () => {
      await test.close();
      await platform.close();
    });

    const kinds = ["key", "jwt", "token", "header", "secret", "client", "nested"];
    for (const kind of kinds) {
      it(`keeps a ${kind} a handler throws out of the 500 and the log`, async () => {
        const payload = { ...issuesOpenedPayload(), issue: { number: 7, title: kind } };
        const response = await test.deliver("issues", payload, { id: `leak-${kind}` });
        expect(response.status).to.equal(500);
        answers.push(await response.text());
        expectNoFragments([...answers, test.logs.text()], { ...secrets, key: keyLine() });
        expectNoSecrets([...answers, test.logs.text()], {
          ...secrets,
          key: keyLine(),
          secret: TEST_SECRET,
          client: CLIENT_SECRET,
          cookie: COOKIE,
        });
      });
    }

    it("keeps tokens and JWTs of a failing platform call (RequestError with request headers) out of the 500 and the log", async () => {
      const response = await test.deliver(
        "issues",
        { ...issuesOpenedPayload(), action: "closed" },
        { id: "leak-client" },
      );
      expect(response.status).to.equal(500);
      answers.push(await response.text());
      const everyToken = Object.fromEntries(platform.issuedTokens().map((token, i) => [`token ${i}`, token]));
      expectNoFragments([...answers, test.logs.text()], { ...secrets, ...everyToken, key: keyLine() });
      expect(test.logs.text()).to.include("[REDACTED]");
    });

    it("keeps authorization and cookie headers sent to the server, and query strings, out of the log and the answers", async () => {
      const headers = { authorization: "token ghp_sentToTheServer0123456789", cookie: COOKIE };
      answers.push(await (await fetch(`${test.url}/leaky/boom?access_token=query-secret-1`, { headers })).text());
      answers.push(await (await fetch(`${test.url}/nowhere?code=query-secret-2`, { headers })).text());
      answers.push(
        await (
          await test.deliver("issues", issuesOpenedPayload(), {
            headers,
            path: "/api/github/webhooks?secret=query-secret-3",
          })
        ).text(),
      );
      expectNoSecrets([...answers, test.logs.text()], {
        ...secrets,
        authorization: headers.authorization.slice(6),
        cookie: COOKIE,
        query1: "query-secret-1",
        query2: "query-secret-2",
        query3: "query-secret-3",
      });
    });
  });

describe("hardening: leaks in setup mode and the proxy", () => {
  it("keeps the manifest code and the new app's key and secrets out of the log and the pages", async () => {
    const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    const cwd = await mkdtemp(join(tmpdir(), "leaks-setup-"));
    const { app, logs } = createTestApp(undefined, { appId: undefined, privateKey: undefined });
    const server = createServer({ app, port: 0, host: "127.0.0.1" });
    try {
      const tokens = createStateTokens();
      await server.load(
        createSetupApp({ cwd, env: {}, baseUrl: platform.url, webhookPath: "/api/github/webhooks", tokens }),
      );
      const { url } = await server.start();
      const conversion = addManifestConversions(platform, getTestKeys().privateKeyPkcs8).issueCode();
      const pages = [
        await (
          await fetch(`${url}/app/setup?code=${conversion.code}&state=${tokens.issue("manifest")}`, {
            redirect: "manual",
          })
        ).text(),
        await (await fetch(`${url}/app/setup?code=${conversion.code}&state=stale`, { redirect: "manual" })).text(),
      ];
      expect(logs.text()).to.include("Registered the GitHub App");
      expectNoSecrets([...pages, logs.text()], {
        code: conversion.code,
        key: getTestKeys().privateKeyPkcs8.split("\n")[5]!,
        webhookSecret: conversion.webhookSecret,
        clientSecret: conversion.clientSecret,
      });
    } finally {
      await server.stop({ graceMs: 100 });
      await platform.close();
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it("keeps a manifest code the platform names in its refusal out of the log and the page", async () => {
    const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    // A platform (or a proxy) that names the code it refused, in the message and in a link.
    platform.on(
      "POST",
      "/app-manifests/:code/conversions",
      ({ params }) => ({
        status: 422,
        body: {
          message: `Code ${params["code"]} has expired`,
          documentation_url: `https://docs.example/manifest?code=${params["code"]}`,
        },
      }),
      { auth: "public" },
    );
    const cwd = await mkdtemp(join(tmpdir(), "leaks-setup-"));
    const { app, logs } = createTestApp(undefined, { appId: undefined, privateKey: undefined });
    const server = createServer({ app, port: 0, host: "127.0.0.1" });
    try {
      const tokens = createStateTokens();
      await server.load(
        createSetupApp({ cwd, env: {}, baseUrl: platform.url, webhookPath: "/api/github/webhooks", tokens }),
      );
      const { url } = await server.start();
      const code = "5f0c9a2e7b31d4c8a6e2";
      const response = await fetch(`${url}/app/setup?code=${code}&state=${tokens.issue("manifest")}`, {
        redirect: "manual",
      });
      const page = await response.text();
      expect(platform.callsTo("POST", "/app-manifests/:code/conversions")).to.have.length(1);
      expect(response.status).to.be.at.least(400);
      expectNoFragments([page, logs.text()], { code });
    } finally {
      await server.stop({ graceMs: 100 });
      await platform.close();
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it("keeps the proxy channel address out of every log line, when it connects, drops and relays", async () => {
    const channel = await startEventStreamServer();
    const { app, logs } = createTestApp(undefined);
    const server = createServer({ app, port: 0, host: "127.0.0.1" });
    const { url } = await server.start();
    channel.failNext(1);
    const proxy = createWebhookProxy({
      url: channel.url,
      port: Number(new URL(url).port),
      path: "/api/github/webhooks",
      log: app.log,
      reconnect: { initialDelayMs: 10 },
    });
    try {
      await channel.waitForConnections(1);
      channel.sendDelivery({
        "x-github-event": "issues",
        "x-github-delivery": "relay-1",
        "x-hub-signature-256": "sha256=00",
        body: issuesOpenedPayload(),
      });
      await sleep(200);
      channel.drop();
      await channel.waitForConnections(2);
      expect(logs.records().filter((record) => Number(record["level"]) >= 40).length).to.be.at.least(2);
      expectNoSecrets([logs.text()], { channel: new URL(channel.url).pathname });
    } finally {
      await proxy.close();
      await server.stop({ graceMs: 100 });
      await channel.close();
    }
  });
});
