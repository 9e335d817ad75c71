import { expect } from "chai";
import { createHmac } from "node:crypto";
import { signPayload, verifySignature } from "../../src/webhooks/verify-signature.js";

describe("verifySignature", () => {
  const secret = "s3cret-value";
  const body = Buffer.from('{"action":"opened","title":"caf\u00e9 \u2603"}');
  const good = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

  const headers: ReadonlyArray<[label: string, header: string | null | undefined, index: number]> = [
    ["a correct signature", good, 0],
    ["no header", undefined, -1],
    ["a null header", null, -1],
    ["an empty header", "", -1],
    ["the prefix alone", "sha256=", -1],
    ["a short digest", good.slice(0, -2), -1],
    ["a long digest", `${good}00`, -1],
    ["non-hex characters", `${good.slice(0, -1)}z`, -1],
    ["an upper-case digest", `sha256=${good.slice(7).toUpperCase()}`, -1],
    ["a sha1 signature only", `sha1=${createHmac("sha1", secret).update(body).digest("hex")}`, -1],
    ["two comma-joined values", `${good}, ${good}`, -1],
    ["surrounding spaces", ` ${good} `, -1],
    ["the wrong secret", signPayload("other", body), -1],
  ];
  for (const [label, header, index] of headers) {
    it(`answers ${index} for ${label}`, () => {
      expect(verifySignature([secret], body, header)).to.equal(index);
    });
  }

  it("verifies the exact bytes: a body decoded and re-encoded differently fails", () => {
    const latin1 = Buffer.from(body.toString("latin1"), "utf8");
    expect(verifySignature([secret], latin1, good)).to.equal(-1);
  });

  it("says which of several secrets matched, for rotation", () => {
    expect(verifySignature(["old", secret], body, good)).to.equal(1);
  });

  it("verifies a string the same as its UTF-8 bytes", () => {
    expect(verifySignature([secret], body.toString("utf8"), good)).to.equal(0);
  });
});
