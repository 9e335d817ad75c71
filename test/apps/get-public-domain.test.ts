import { expect } from "chai";
import { getPublicDomain } from "../../src/apps/get-public-domain.js";
import { getWelcomeMessage } from "../../src/apps/get-welcome-message.js";

describe("getPublicDomain", () => {
  const rows: ReadonlyArray<[label: string, options: Parameters<typeof getPublicDomain>[0], domain: string]> = [
    [
      "uses PROJECT_DOMAIN",
      { env: { PROJECT_DOMAIN: "https://app.example.com", PORT: "8080" } },
      "https://app.example.com",
    ],
    [
      "drops trailing slashes of PROJECT_DOMAIN",
      { env: { PROJECT_DOMAIN: "https://app.example.com//" } },
      "https://app.example.com",
    ],
    ["falls back to localhost and PORT", { env: { PORT: "8080" } }, "http://localhost:8080"],
    ["falls back to port 3000", { env: {} }, "http://localhost:3000"],
    ["ignores an empty PROJECT_DOMAIN and PORT", { env: { PROJECT_DOMAIN: " ", PORT: "" } }, "http://localhost:3000"],
    ["prefers the port the server was given over PORT", { env: { PORT: "8080" }, port: 4000 }, "http://localhost:4000"],
    [
      "prefers PROJECT_DOMAIN over a given port",
      { env: { PROJECT_DOMAIN: "https://a.example" }, port: 4000 },
      "https://a.example",
    ],
  ];
  for (const [label, options, domain] of rows) {
    it(label, () => {
      expect(getPublicDomain(options)).to.equal(domain);
    });
  }

  it("makes the start-up welcome line from the same domain", () => {
    expect(getWelcomeMessage({ env: { PORT: "5000" } })).to.equal(
      "Welcome! Go to http://localhost:5000 to get started.",
    );
    expect(getWelcomeMessage({ env: { PROJECT_DOMAIN: "https://a.example" } })).to.equal(
      "Welcome! Go to https://a.example to get started.",
    );
  });
});
