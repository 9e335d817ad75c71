import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { generateKeyPair, type TestKeyPair } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload } from "../helpers/test-app.js";

/** One app registration and the fake platform it lives on. */
export type Registered = {
  appId: number;
  name: string;
  secret: string;
  keys: TestKeyPair;
  platform: FakePlatform;
};

/**
 * Two registrations on two fake platforms: "prod" (app 11, github.com-like)
 * and "ghes" (app 22, an Enterprise server under /api/v3). Each platform has
 * installation 1, and knows only its own app's key.
 */
export async function startTwoPlatforms(): Promise<[Registered, Registered]> {
  const specs = [
    { appId: 11, name: "prod", secret: "prod-webhook-secret-1111" },
    { appId: 22, name: "ghes", secret: "ghes-webhook-secret-2222", pathPrefix: "/api/v3" },
  ];
  return (await Promise.all(
    specs.map(async ({ pathPrefix, ...spec }) => {
      const keys = generateKeyPair();
      const platform = await startFakePlatform({
        appId: spec.appId,
        publicKey: keys.publicKey,
        ...(pathPrefix ? { pathPrefix } : {}),
      });
      return { ...spec, keys, platform };
    }),
  )) as [Registered, Registered];
}

/** What `createApp({ registrations })` takes for these. */
export function registrationsOf(registered: readonly Registered[]) {
  return registered.map(({ appId, name, secret, keys, platform }) => ({
    appId,
    name,
    secret,
    privateKey: keys.privateKeyPkcs1,
    baseUrl: platform.url,
  }));
}

/** POSTs a signed issues.opened delivery for `targetId` (the app id header); undefined leaves the header out. */
export async function deliverFor(
  url: string,
  {
    id,
    targetId,
    secret,
    issue = 7,
  }: { id: string; targetId: number | string | undefined; secret: string; issue?: number },
): Promise<{ status: number; body: unknown }> {
  const payload = issuesOpenedPayload(1);
  const body = JSON.stringify({ ...payload, issue: { ...(payload.issue as object), number: issue } });
  const response = await fetch(`${url}/api/github/webhooks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": id,
      "x-hub-signature-256": sign(secret, body),
      ...(targetId === undefined
        ? {}
        : {
            "x-github-hook-installation-target-id": String(targetId),
            "x-github-hook-installation-target-type": "integration",
          }),
    },
    body,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** No credential of `other` (its tokens, its app's JWTs) ever reached `platform`, and every call there was accepted. */
export function expectOnlyOwnCredentials(platform: FakePlatform, other: FakePlatform, ownAppId: number): void {
  const foreign = new Set(other.issuedTokens());
  for (const call of platform.calls) {
    const authorization = String(call.headers.authorization ?? "");
    const credential = authorization.split(/\s+/)[1] ?? "";
    expect(foreign.has(credential), `a token of the other platform was sent to ${call.method} ${call.path}`).to.equal(
      false,
    );
    expect(call.auth.type, `${call.method} ${call.path} was refused`).not.to.equal("invalid");
    if (call.auth.type === "app") expect(call.auth.appId).to.equal(ownAppId);
  }
}
