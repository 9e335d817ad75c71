import { expect } from "chai";
import { createPrivateKey, createPublicKey, verify } from "node:crypto";
import { toPkcs8 } from "../../src/private-key/to-pkcs8.js";
import { getTestKeys } from "../helpers/keys.js";

describe("toPkcs8", () => {
  it("turns GitHub's PKCS#1 key into the PKCS#8 PEM Node's crypto exports for it", () => {
    const { privateKeyPkcs1, privateKeyPkcs8 } = getTestKeys();
    const expected = createPrivateKey(privateKeyPkcs8).export({ type: "pkcs8", format: "pem" }).toString();
    expect(toPkcs8(privateKeyPkcs1)).to.equal(expected);
  });

  it("gives a key WebCrypto imports as PKCS#8 and signs RS256 with (as outside Node)", async () => {
    const { privateKeyPkcs1, publicKey } = getTestKeys();
    const der = Buffer.from(toPkcs8(privateKeyPkcs1).replace(/-----[A-Z ]+-----|\s/g, ""), "base64");
    const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
    const key = await crypto.subtle.importKey("pkcs8", der, algorithm, false, ["sign"]);
    const message = Buffer.from("header.payload");
    const signature = Buffer.from(await crypto.subtle.sign(algorithm.name, key, message));
    expect(verify("sha256", message, createPublicKey(publicKey), signature)).to.equal(true);
  });

  it("leaves a PKCS#8 key and anything else unchanged", () => {
    const { privateKeyPkcs8 } = getTestKeys();
    expect(toPkcs8(privateKeyPkcs8)).to.equal(privateKeyPkcs8);
    expect(toPkcs8("not a key")).to.equal("not a key");
  });
});
