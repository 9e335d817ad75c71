import { expect } from "chai";
import { createStateTokens } from "../../src/setup-manifest/state-tokens.js";

describe("createStateTokens", () => {
  it("accepts a token once, for the form it was issued for", () => {
    const tokens = createStateTokens();
    const token = tokens.issue("import");
    expect(token).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.consume(token, "import")).to.equal(true);
    expect(tokens.consume(token, "import")).to.equal(false);
  });

  it("refuses a token issued for the other form, and spends it", () => {
    const tokens = createStateTokens();
    const token = tokens.issue("import");
    expect(tokens.consume(token, "manifest")).to.equal(false);
    expect(tokens.consume(token, "import")).to.equal(false);
  });

  it("refuses an expired token", () => {
    let now = 1_000;
    const tokens = createStateTokens({ ttlMs: 100, now: () => now });
    const fresh = tokens.issue("manifest");
    const stale = tokens.issue("manifest");
    now += 99;
    expect(tokens.consume(fresh, "manifest")).to.equal(true);
    now += 1;
    expect(tokens.consume(stale, "manifest")).to.equal(false);
  });

  it("keeps at most `max` tokens, dropping the oldest", () => {
    const tokens = createStateTokens({ max: 2 });
    const [first, second, third] = [tokens.issue("import"), tokens.issue("import"), tokens.issue("import")];
    expect(tokens.consume(first, "import")).to.equal(false);
    expect(tokens.consume(second, "import")).to.equal(true);
    expect(tokens.consume(third, "import")).to.equal(true);
  });

  for (const [label, value] of [
    ["a missing", undefined],
    ["a null", null],
    ["an empty", ""],
    ["an unknown", "x".repeat(43)],
  ] as const) {
    it(`refuses ${label} token`, () => {
      const tokens = createStateTokens();
      tokens.issue("import");
      expect(tokens.consume(value, "import")).to.equal(false);
    });
  }

  it("drops expired tokens before live ones when full", () => {
    let now = 1_000;
    const tokens = createStateTokens({ ttlMs: 100, max: 3, now: () => now });
    tokens.issue("manifest");
    tokens.issue("manifest");
    now += 50;
    const user = tokens.issue("import");
    now += 60; // the first two expired, the user's has 40 ms left
    tokens.issue("manifest");
    tokens.issue("manifest");
    expect(tokens.consume(user, "import")).to.equal(true);
  });

  it("issues a different token every time", () => {
    const tokens = createStateTokens();
    const issued = new Set(Array.from({ length: 50 }, () => tokens.issue("import")));
    expect(issued.size).to.equal(50);
  });
});
