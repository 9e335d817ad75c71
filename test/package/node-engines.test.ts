import { expect } from "chai";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import semver from "semver";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) =>
  JSON.parse(readFileSync(ROOT + path, "utf8")) as Record<string, unknown> & { engines?: { node?: string } };

/** The oldest release of each Node line the package says it supports. */
const OLDEST = ["20.19.0", "22.13.0", "24.0.0"];

describe("the Node versions the install supports", () => {
  it("says so in package.json, in create-gh-app-kit and in both templates", () => {
    for (const path of [
      "package.json",
      "packages/create-gh-app-kit/package.json",
      "templates/javascript/package.json",
      "templates/typescript/package.json",
    ]) {
      const range = read(path).engines?.node ?? "";
      for (const version of OLDEST)
        expect(semver.satisfies(version, range), `${path}: ${version} in ${range}`).to.equal(true);
      expect(semver.satisfies("20.18.0", range), `${path} must not claim 20.18`).to.equal(false);
    }
  });

  // npm ci prints EBADENGINE for any locked package whose `engines.node` the
  // running Node does not satisfy: none may be left out on a supported line.
  it("locks no package that refuses one of those versions (no EBADENGINE on npm ci)", () => {
    const lock = read("package-lock.json") as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const refusals: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range) continue;
      for (const version of OLDEST)
        if (!semver.satisfies(version, range)) refusals.push(`${path} (node ${range}) refuses ${version}`);
    }
    expect(refusals).to.deep.equal([]);
  });
});
