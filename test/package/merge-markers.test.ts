import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// Made from parts, so that this file does not match itself.
const MARKER = new RegExp(`^(${"<".repeat(7)} |${"=".repeat(7)}$|${">".repeat(7)} )`, "m");

describe("tracked files", () => {
  it("hold no line a merge left unresolved", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
    const offenders = files.filter((file) => {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), "utf8");
      } catch {
        return false; // deleted in the work tree
      }
      return MARKER.test(text);
    });
    expect(offenders).to.deep.equal([]);
  });
});
