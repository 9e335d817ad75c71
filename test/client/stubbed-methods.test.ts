import { expect } from "chai";
import { AppClient } from "../../src/client/app-client.js";

type Group = Record<string, unknown>;

/**
 * Tests replace a client's method and put it back, as jest.spyOn, vi.spyOn and sinon do: an
 * assignment, then the original assigned again (or the property deleted). On Probot's client both
 * work any number of times; advanced-security/probot-security-alerts' tests spy on
 * `new ProbotOctokit().teams.getMembershipForUserInOrg` and restore every mock after each test.
 */
describe("AppClient: a method replaced by a test and put back", () => {
  // getMembershipForUserInOrg: today's endpoint method; downloadArchive: one the catalogue builds.
  const cases: ReadonlyArray<[group: string, method: string]> = [
    ["teams", "getMembershipForUserInOrg"],
    ["repos", "downloadArchive"],
  ];
  for (const [groupName, method] of cases) {
    it(`${groupName}.${method}: assigned, assigned back and deleted, as on a plain object`, () => {
      "use strict";
      const client = new AppClient({ throttle: { enabled: false } }) as unknown as Record<string, Group>;
      const group = client[groupName]!;
      const original = group[method];
      expect(original).to.be.a("function");
      const stub = () => Promise.resolve({ data: "stubbed" });

      group[method] = stub;
      expect(group[method]).to.equal(stub);
      expect(Object.getOwnPropertyDescriptor(group, method)).to.include({
        writable: true,
        enumerable: true,
        configurable: true,
      });
      // The restore of jest.spyOn when the spied object owns the method.
      group[method] = original;
      expect(group[method]).to.equal(original);
      // And twice: a second test spies again.
      group[method] = stub;
      group[method] = original;
      expect(group[method]).to.equal(original);
      // The restore of sinon and of jest.spyOn when the method came from elsewhere.
      group[method] = stub;
      expect(delete group[method]).to.equal(true);
      expect(group[method]).to.be.a("function");
      expect(group[method]).to.not.equal(stub);
      expect(Object.keys(group)).to.include(method);
    });
  }

  it("takes Object.defineProperty with a getter, as jest.spyOn on an accessor, and the descriptor back", () => {
    const client = new AppClient({ throttle: { enabled: false } }) as unknown as Record<string, Group>;
    const group = client["issues"]!;
    const descriptor = Object.getOwnPropertyDescriptor(group, "createComment")!;
    const stub = () => Promise.resolve({ data: "stubbed" });
    Object.defineProperty(group, "createComment", { ...descriptor, value: stub });
    expect(group["createComment"]).to.equal(stub);
    Object.defineProperty(group, "createComment", descriptor);
    expect(group["createComment"]).to.equal(descriptor.value);
    // jest.spyOn's way for a method behind a getter: redefined with a getter, then as it was.
    Object.defineProperty(group, "addLabels", { get: () => stub });
    expect(group["addLabels"]).to.equal(stub);
    expect(Object.getOwnPropertyDescriptor(group, "addLabels")).to.include({ enumerable: true, configurable: true });
  });
});
