import { randomBytes } from "node:crypto";
import type { FakePlatform } from "../helpers/fake-platform.js";

/** What the fake platform hands out for a manifest code: the values a test looks for. */
export type FakeConversion = {
  code: string;
  id: number;
  pem: string;
  webhookSecret: string;
  clientId: string;
  clientSecret: string;
  htmlUrl: string;
};

/**
 * Adds GitHub's `POST /app-manifests/{code}/conversions` to the fake
 * platform: each code from `issueCode()` converts once into a new app with
 * `pem` and `id`; any other code gets 404, as on GitHub.
 *
 * @example
 * const conversions = addManifestConversions(platform, getTestKeys().privateKeyPkcs1);
 * const conversion = conversions.issueCode();
 */
export function addManifestConversions(platform: FakePlatform, pem: string, { id = 4242 }: { id?: number } = {}) {
  const pending = new Map<string, FakeConversion>();
  platform.on(
    "POST",
    "/app-manifests/:code/conversions",
    ({ params }) => {
      const conversion = pending.get(params["code"]!);
      if (!conversion) return { status: 404, body: { message: "Not Found" } };
      pending.delete(conversion.code);
      return {
        status: 201,
        body: {
          id: conversion.id,
          slug: "greeter",
          name: "Greeter",
          html_url: conversion.htmlUrl,
          client_id: conversion.clientId,
          client_secret: conversion.clientSecret,
          webhook_secret: conversion.webhookSecret,
          pem: conversion.pem,
          owner: { login: "octocat" },
        },
      };
    },
    { auth: "public" },
  );
  return {
    issueCode(): FakeConversion {
      const conversion: FakeConversion = {
        code: randomBytes(10).toString("hex"),
        id,
        pem,
        webhookSecret: `whsec-${randomBytes(12).toString("hex")}`,
        clientId: "Iv1.0123456789abcdef",
        clientSecret: randomBytes(20).toString("hex"),
        htmlUrl: "https://github.com/apps/greeter",
      };
      pending.set(conversion.code, conversion);
      return conversion;
    },
  };
}

/** The hidden `state` of a setup page's form, or of the manifest form's action. */
export function extractState(html: string): string {
  const match = /name="state" value="([^"]+)"|(?:\?|&amp;)state=([A-Za-z0-9_-]+)/.exec(html);
  const state = match?.[1] ?? match?.[2];
  if (!state) throw new Error(`No state in the page:\n${html}`);
  return state;
}
