import { sign as rsaSign } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/core";
import { expect } from "chai";
import githubAppJwt from "universal-github-app-jwt";
import { secondaryRateLimitResponse, startFakePlatform, type FakePlatform } from "./fake-platform.js";
import { generateKeyPair, getTestKeys } from "./keys.js";

const IAT_MESSAGE = "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued";
const EXP_MESSAGE =
  "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires";
const TOO_FAR_MESSAGE = "'Expiration time' claim ('exp') is too far in the future";
const UNDECODABLE = "A JSON web token could not be decoded";

const keys = getTestKeys();
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function appJwt(privateKey = keys.privateKeyPkcs8, now?: number) {
  const options = now === undefined ? { id: 1, privateKey } : { id: 1, privateKey, now };
  return (await githubAppJwt(options)).token;
}

/** A JWT with exactly these claims, for cases universal-github-app-jwt refuses to make. */
function handMadeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signed = `${encode({ alg: "RS256", typ: "JWT" })}.${encode(claims)}`;
  return `${signed}.${rsaSign("RSA-SHA256", Buffer.from(signed), keys.privateKeyPkcs8).toString("base64url")}`;
}

function call(platform: FakePlatform, path: string, auth?: string, init: RequestInit = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth !== undefined) headers["authorization"] = auth;
  return fetch(platform.url + path, { ...init, headers });
}

async function exchangeToken(platform: FakePlatform, installationId = 1) {
  const response = await call(
    platform,
    `/app/installations/${installationId}/access_tokens`,
    `bearer ${await appJwt()}`,
    { method: "POST" },
  );
  return { response, body: (await response.json()) as { token: string; expires_at: string } };
}

const comment = (platform: FakePlatform, auth?: string) =>
  call(platform, "/repos/octo/hello/issues/7/comments", auth, { method: "POST", body: JSON.stringify({ body: "Hi" }) });

describe("startFakePlatform", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: keys.publicKey, personalTokens: ["ghp_personal"] });
  });
  afterEach(() => platform.close());

  describe("app JWT", () => {
    for (const format of ["privateKeyPkcs8", "privateKeyPkcs1"] as const) {
      it(`accepts a JWT from universal-github-app-jwt signed with the ${format} key`, async () => {
        const response = await call(platform, "/app", `bearer ${await appJwt(keys[format])}`);
        expect(response.status).to.equal(200);
        expect(await response.json()).to.include({ id: 1, slug: "test-app", name: "Test App" });
        expect(platform.calls[0]?.auth).to.deep.equal({ type: "app", appId: 1 });
      });
    }

    const rejected: ReadonlyArray<[name: string, jwt: () => Promise<string> | string, message: string]> = [
      ["signed by a different key", () => appJwt(generateKeyPair().privateKeyPkcs8), UNDECODABLE],
      ["that expired", () => appJwt(keys.privateKeyPkcs8, nowSeconds() - 700), EXP_MESSAGE],
      [
        "living longer than 600 s",
        () => handMadeJwt({ iss: 1, iat: nowSeconds() - 300, exp: nowSeconds() + 400 }),
        TOO_FAR_MESSAGE,
      ],
      [
        "expiring more than 600 s ahead",
        () => handMadeJwt({ iss: 1, iat: nowSeconds() + 30, exp: nowSeconds() + 620 }),
        TOO_FAR_MESSAGE,
      ],
      [
        "issued in the future",
        () => handMadeJwt({ iss: 1, iat: nowSeconds() + 120, exp: nowSeconds() + 300 }),
        IAT_MESSAGE,
      ],
      [
        "for another app id",
        () => handMadeJwt({ iss: 2, iat: nowSeconds() - 30, exp: nowSeconds() + 500 }),
        UNDECODABLE,
      ],
      ["that is garbage", () => "aaa.bbb.ccc", UNDECODABLE],
    ];
    for (const [name, makeJwt, message] of rejected) {
      it(`answers 401 to a JWT ${name}`, async () => {
        const response = await call(platform, "/app", `bearer ${await makeJwt()}`);
        expect(response.status).to.equal(401);
        expect(await response.json()).to.include({ message });
      });
    }

    it("rejects a fresh JWT with the iat message when the platform clock is behind, and shows its clock in Date", async () => {
      const skewed = await startFakePlatform({ publicKey: keys.publicKey, clockSkewSeconds: -3600 });
      try {
        const response = await fetch(`${skewed.url}/app`, { headers: { authorization: `bearer ${await appJwt()}` } });
        expect(response.status).to.equal(401);
        expect(await response.json()).to.include({ message: IAT_MESSAGE });
        const platformNow = Date.parse(response.headers.get("date") ?? "");
        expect(platformNow).to.be.closeTo(Date.now() - 3600_000, 5000);
        expect(response.headers.get("x-github-request-id")).to.be.a("string");
      } finally {
        await skewed.close();
      }
    });

    it("answers 401 on app routes to an installation token or no auth", async () => {
      const { body } = await exchangeToken(platform);
      expect((await call(platform, "/app", `token ${body.token}`)).status).to.equal(401);
      const anonymous = await call(platform, "/app/installations");
      expect(anonymous.status).to.equal(401);
      expect(await anonymous.json()).to.include({ message: UNDECODABLE });
    });
  });

  describe("installation tokens", () => {
    it("exchanges the JWT for a ghs_ token that works on the comment route", async () => {
      const { response, body } = await exchangeToken(platform);
      expect(response.status).to.equal(201);
      expect(body.token).to.match(/^ghs_[A-Za-z0-9]{36}$/);
      expect(Date.parse(body.expires_at)).to.be.closeTo(Date.now() + 3600_000, 5000);

      const created = await comment(platform, `token ${body.token}`);
      expect(created.status).to.equal(201);
      expect(await created.json()).to.include({ body: "Hi" });
      expect(platform.comments()).to.deep.equal([
        {
          owner: "octo",
          repo: "hello",
          issue_number: 7,
          body: "Hi",
          auth: { type: "installation", installationId: 1, token: body.token },
        },
      ]);
      expect(platform.tokenExchanges()).to.have.length(1);
      expect(platform.issuedTokens()).to.deep.equal([body.token]);
    });

    it("answers 404 to a token exchange for an unknown installation", async () => {
      expect((await exchangeToken(platform, 99)).response.status).to.equal(404);
    });

    it("answers 401 Bad credentials to a random, a revoked or a JWT credential", async () => {
      const { body } = await exchangeToken(platform);
      platform.revokeToken(body.token);
      for (const auth of [`token ghs_${"x".repeat(36)}`, `token ${body.token}`, `bearer ${await appJwt()}`]) {
        const response = await comment(platform, auth);
        expect(response.status, auth).to.equal(401);
      }
      expect(await (await comment(platform, `bearer ${body.token}`)).json()).to.include({ message: "Bad credentials" });
      expect(platform.comments()).to.be.empty;
    });

    it("accepts a personal token and refuses a request with no auth", async () => {
      expect((await comment(platform, "token ghp_personal")).status).to.equal(201);
      expect((await comment(platform)).status).to.equal(401);
    });

    it("answers 401 once an installation token has expired", async () => {
      const shortLived = await startFakePlatform({ publicKey: keys.publicKey, tokenTtlSeconds: 1 });
      try {
        const { body } = await exchangeToken(shortLived);
        expect((await comment(shortLived, `token ${body.token}`)).status).to.equal(201);
        await sleep(1100);
        expect((await comment(shortLived, `token ${body.token}`)).status).to.equal(401);
      } finally {
        await shortLived.close();
      }
    });

    it("works with @octokit/auth-app, which corrects a skewed platform clock from the Date header", async () => {
      const skewed = await startFakePlatform({ publicKey: keys.publicKey, clockSkewSeconds: -3600 });
      try {
        const warnings: string[] = [];
        const log = {
          debug: () => {},
          info: () => {},
          error: () => {},
          warn: (message: string) => void warnings.push(message),
        };
        const auth = { appId: 1, privateKey: keys.privateKeyPkcs1, installationId: 1 };
        const octokit = new Octokit({ baseUrl: skewed.url, authStrategy: createAppAuth, auth, log });
        const response = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
          owner: "o",
          repo: "r",
          issue_number: 1,
          body: "ok",
        });
        expect(response.status).to.equal(201);
        expect(skewed.tokenExchanges().map((exchange) => exchange.auth.type)).to.deep.equal(["invalid", "app"]);
        expect(warnings.join("\n")).to.include("different by -3600 seconds");
      } finally {
        await skewed.close();
      }
    });
  });

  describe("routing", () => {
    it("serves the API under pathPrefix and answers 404 without it", async () => {
      const enterprise = await startFakePlatform({ publicKey: keys.publicKey, pathPrefix: "/api/v3" });
      try {
        expect(enterprise.url).to.equal(`${enterprise.origin}/api/v3`);
        const jwt = `bearer ${await appJwt()}`;
        expect((await fetch(`${enterprise.url}/app`, { headers: { authorization: jwt } })).status).to.equal(200);
        expect((await fetch(`${enterprise.origin}/app`, { headers: { authorization: jwt } })).status).to.equal(404);
        expect(enterprise.callsTo("GET", "/app")).to.have.length(1);
      } finally {
        await enterprise.close();
      }
    });

    it("pages through issues with GitHub's Link header", async () => {
      platform.setIssues(
        "octo",
        "hello",
        Array.from({ length: 7 }, (_, index) => ({ number: index + 1 })),
      );
      const link = (page: number) => `<${platform.url}/repos/octo/hello/issues?per_page=3&page=${page}>`;
      const pages: Array<{ numbers: number[]; link: string | null }> = [];
      let next: string | undefined = `${platform.url}/repos/octo/hello/issues?per_page=3`;
      while (next !== undefined) {
        const response: Response = await fetch(next, { headers: { authorization: "token ghp_personal" } });
        const header: string | null = response.headers.get("link");
        pages.push({
          numbers: ((await response.json()) as Array<{ number: number }>).map((issue) => issue.number),
          link: header,
        });
        next = /<([^>]+)>; rel="next"/.exec(header ?? "")?.[1];
      }
      expect(pages.map((page) => page.numbers)).to.deep.equal([[1, 2, 3], [4, 5, 6], [7]]);
      expect(pages[0]?.link).to.equal(`${link(2)}; rel="next", ${link(3)}; rel="last"`);
      expect(pages[1]?.link).to.equal(
        `${link(1)}; rel="prev", ${link(3)}; rel="next", ${link(3)}; rel="last", ${link(1)}; rel="first"`,
      );
      expect(pages[2]?.link).to.equal(`${link(2)}; rel="prev", ${link(1)}; rel="first"`);
    });

    it("answers failNext's response N times, before auth, then routes normally", async () => {
      platform.failNext("GET", "/repos/:owner/:repo", secondaryRateLimitResponse(5), 2);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await call(platform, "/repos/octo/hello", "token ghp_personal");
        statuses.push(response.status);
        if (attempt === 0) expect(response.headers.get("retry-after")).to.equal("5");
      }
      expect(statuses).to.deep.equal([403, 403, 200]);
      expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(3);
    });

    it("lets a later route registration override a default route", async () => {
      platform.on("GET", "/repos/:owner/:repo", ({ params }) => ({ status: 200, body: { custom: params["repo"] } }));
      const response = await call(platform, "/repos/octo/hello", "token ghp_personal");
      expect(await response.json()).to.deep.equal({ custom: "hello" });
    });

    it("answers 404 Not Found to an unknown route", async () => {
      const response = await call(platform, "/nowhere/at/all", "token ghp_personal");
      expect(response.status).to.equal(404);
      expect(await response.json()).to.include({
        message: "Not Found",
        documentation_url: "https://docs.github.com/rest",
      });
      expect(platform.calls.map((request) => request.path)).to.deep.equal(["/nowhere/at/all"]);
    });
  });
});
