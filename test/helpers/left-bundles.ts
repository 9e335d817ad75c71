import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** [what it is, its path, its text]: a build output with probot inside. */
export type BundleCase = readonly [what: string, file: string, text: string];

/** One case per bundle: `app migrate` leaves it as it was and reports it once, as build output. */
export function itLeavesBundles(bundles: readonly BundleCase[]): void {
  for (const [what, file, text] of bundles) {
    it(`leaves it as it is and says to rebuild it: ${what}`, () => {
      const result = migrateSource(file, text);
      expect(result.code).to.equal(text);
      expect(result.changes).to.deep.equal([]);
      expect(result.problems.map((p) => p.message)).to.deep.equal([
        "left as it was: a bundle with probot inside (build output)",
      ]);
    });
  }
}
