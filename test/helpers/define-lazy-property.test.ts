import { expect } from "chai";
import { defineLazyProperty } from "../../src/helpers/define-lazy-property.js";

describe("defineLazyProperty", () => {
  it("builds the value on first read only, then keeps it as a plain property", () => {
    const target: { value?: object } = {};
    let builds = 0;
    defineLazyProperty(target, "value", () => ({ build: ++builds }));
    expect(builds).to.equal(0);
    const first = target.value;
    expect(target.value).to.equal(first);
    expect(builds).to.equal(1);
    expect(Object.getOwnPropertyDescriptor(target, "value")).to.include({
      value: first,
      writable: true,
      enumerable: true,
    });
  });

  it("never builds a value that was assigned before it was read", () => {
    const target: { value?: string } = {};
    defineLazyProperty(target, "value", () => {
      throw new Error("built");
    });
    target.value = "assigned";
    expect(target.value).to.equal("assigned");
  });

  it("keeps the key's place and shows it to Object.keys and spreads", () => {
    const target = { a: 1, value: 0, z: 2 };
    defineLazyProperty(target, "value", () => 5);
    expect(Object.keys(target)).to.deep.equal(["a", "value", "z"]);
    expect({ ...target }).to.deep.equal({ a: 1, value: 5, z: 2 });
  });
});
