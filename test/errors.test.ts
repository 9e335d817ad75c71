import { expect } from "chai";
import { readFileSync } from "node:fs";
import { APP_ERROR_CODES, AppError, isAppError, toError } from "../src/errors.js";

describe("errors", () => {
  it("documents every error code in docs/errors.md, and nothing else", () => {
    const documented = [
      ...readFileSync(new URL("../docs/errors.md", import.meta.url), "utf8").matchAll(/^## ([A-Z_]+)$/gm),
    ].map((match) => match[1]);
    expect(documented).to.deep.equal([...APP_ERROR_CODES]);
  });

  it("keeps the codes sorted", () => {
    expect([...APP_ERROR_CODES]).to.deep.equal([...APP_ERROR_CODES].sort());
  });

  it("recognises an AppError also from another copy of the package", () => {
    const foreign = Object.assign(new Error("x"), { name: "AppError", code: "OPTION_INVALID" });
    expect(isAppError(foreign)).to.equal(true);
    expect(isAppError(new Error("x"))).to.equal(false);
    expect(isAppError(new AppError("OPTION_INVALID", "x"))).to.equal(true);
  });

  const thrown: ReadonlyArray<[label: string, value: unknown, message: RegExp]> = [
    ["undefined", undefined, /threw undefined/],
    ["null", null, /threw null/],
    ["a string", "plain text", /^plain text$/],
    ["a number", 42, /threw 42/],
    ["an object with a message", { message: "from object", status: 404 }, /^from object$/],
    ["an object without a message", { reason: "x" }, /^A non-Error object was thrown: an object with reason$/],
    [
      "an object holding a secret, by its keys only",
      { detail: "x".repeat(175), value: "s3cret-value-123" },
      /^A non-Error object was thrown: an object with detail, value$/,
    ],
  ];
  for (const [label, value, message] of thrown) {
    it(`turns ${label} into an Error, keeping it as cause`, () => {
      const error = toError(value);
      expect(error).to.be.instanceOf(Error);
      expect(error.message).to.match(message);
      expect(error.cause).to.equal(value);
    });
  }
});
