import { expect } from "chai";
import { rateLimitDelay } from "../../src/queue/rate-limit-delay.js";

const NOW = 1_700_000_000_000;
const failure = (status: number, headers: Record<string, string>, message = "Forbidden") => ({
  status,
  message,
  response: { headers },
});

describe("rateLimitDelay", () => {
  const cases: ReadonlyArray<[label: string, error: unknown, delay: number | undefined]> = [
    ["a 403 with retry-after: 30", failure(403, { "retry-after": "30" }), 30_000],
    ["a 429 with retry-after: 2", failure(429, { "retry-after": "2" }), 2_000],
    [
      "the primary limit, until its reset",
      failure(403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(NOW / 1000 + 120) }),
      120_000,
    ],
    [
      "a secondary limit without retry-after: a minute",
      failure(403, {}, "You have exceeded a secondary rate limit"),
      60_000,
    ],
    [
      "a 403 for missing permissions: no delay",
      failure(403, { "x-ratelimit-remaining": "4999" }, "Resource not accessible by integration"),
      undefined,
    ],
    ["a 500: no delay", failure(500, { "retry-after": "5" }), undefined],
    ["a plain Error: no delay", new Error("boom"), undefined],
    [
      "an AggregateError holding one: the longest",
      new AggregateError([new Error("x"), failure(403, { "retry-after": "3" }), failure(429, { "retry-after": "7" })]),
      7_000,
    ],
  ];
  for (const [label, error, delay] of cases) {
    it(`gives ${String(delay)} for ${label}`, () => {
      expect(rateLimitDelay(error, NOW)).to.equal(delay);
    });
  }
});
