import { expect } from "chai";
import { BASE_KEY, BASE_REGEX, CONFIG_PATH, DEFAULT_BASE } from "../../src/config/constants.js";

describe("config constants", () => {
  it("name the base key and the hidden config folder", () => {
    expect([BASE_KEY, CONFIG_PATH, DEFAULT_BASE]).to.deep.equal(["_extends", ".github", ".github"]);
  });

  describe("BASE_REGEX", () => {
    const cases: ReadonlyArray<[input: string, valid: boolean, rule: string]> = [
      ["project", true, "the project alone is enough"],
      ["my-org/project", true, "an org may come first"],
      ["my-org/project:settings/app.yml", true, "a file may follow a colon"],
      ["org/project:app.yaml", true, "the file may end in .yaml"],
      ["Org/Project:App.YML", true, "the match ignores case"],
      ["a/b.c_d-e", true, "the project takes dots, underscores and hyphens"],
      ["0/p", true, "a one-digit org"],
      [`${"a".repeat(39)}/project`, true, "the org may be 39 characters"],
      [`${"a".repeat(40)}/project`, false, "the org is at most 39 characters"],
      ["org-/project", false, "a hyphen must be followed by a letter or digit"],
      ["a--b/project", false, "two hyphens in a row leave one not followed by a letter or digit"],
      ["-org/project", false, "the org starts with a letter or digit"],
      ["o_rg/project", false, "the org has no underscores"],
      ["org/project:notes.txt", false, "the file must end in .yml or .yaml"],
      ["org/project:", false, "a colon needs a file"],
      ["org/project:.yml", false, "the file needs a name before its extension"],
      ["org/pro ject", false, "no spaces"],
      ["org/sub/project", false, "only one slash before the project"],
      ["", false, "the project is required"],
      ["org/", false, "the project is required after the org"],
      ["project:dir/sub/app.yml", true, "the file may be in folders"],
    ];
    for (const [input, valid, rule] of cases) {
      it(`${valid ? "accepts" : "rejects"} "${input}": ${rule}`, () => {
        expect(BASE_REGEX.test(input)).to.equal(valid);
      });
    }
  });
});
