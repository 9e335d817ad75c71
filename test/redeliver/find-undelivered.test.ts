import { expect } from "chai";
import { findUndelivered, type HookDelivery } from "../../src/redeliver/find-undelivered.js";
import { parseDuration } from "../../src/redeliver/parse-duration.js";

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
const attempt = (id: number, guid: string, minutes: number, status_code: number, redelivery = false): HookDelivery => ({
  id,
  guid,
  delivered_at: at(minutes),
  redelivery,
  status: "",
  status_code,
  event: "push",
  action: null,
});

describe("findUndelivered", () => {
  const since = Date.parse(at(10));

  it("keeps a guid whose attempts all failed, with its latest attempt's id", () => {
    const found = findUndelivered([attempt(1, "g", 20, 502), attempt(2, "g", 30, 0, true)], since);
    expect(found).to.deep.equal([
      { guid: "g", attemptId: 2, event: "push", action: undefined, deliveredAt: at(20), statusCode: 0, attempts: 2 },
    ]);
  });

  const cases: ReadonlyArray<[label: string, attempts: HookDelivery[], guids: string[]]> = [
    ["a guid with a 2xx attempt is done", [attempt(1, "g", 20, 500), attempt(2, "g", 25, 202, true)], []],
    ["a guid first attempted before the window is left alone", [attempt(1, "g", 5, 500)], []],
    ["a redelivery in the window of an original outside it is left alone", [attempt(2, "g", 20, 500, true)], []],
    ["guids come oldest first", [attempt(1, "b", 40, 500), attempt(2, "a", 20, 500)], ["a", "b"]],
    ["a 3xx is not a success", [attempt(1, "g", 20, 302)], ["g"]],
  ];
  for (const [label, attempts, guids] of cases) {
    it(label, () => {
      expect(findUndelivered(attempts, since).map((found) => found.guid)).to.deep.equal(guids);
    });
  }
});

describe("parseDuration", () => {
  const cases: ReadonlyArray<[text: string, ms: number | undefined]> = [
    ["90s", 90_000],
    ["30m", 1_800_000],
    ["24h", 86_400_000],
    ["3d", 259_200_000],
    ["1h30m", 5_400_000],
    ["0m", undefined], // nothing to wait for
    ["30", undefined], // a unit is required
    ["soon", undefined],
  ];
  for (const [text, ms] of cases) {
    it(`${ms === undefined ? "refuses" : "reads"} "${text}"`, () => {
      if (ms === undefined) expect(() => parseDuration(text, "--since")).to.throw(/--since must be a duration/);
      else expect(parseDuration(text, "--since")).to.equal(ms);
    });
  }
});
