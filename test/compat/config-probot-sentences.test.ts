import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import { useConfigFixture } from "../config/helpers/config-fixture.js";

const URL = "https?://\\S+/repos/octo/hello/contents/\\.github%2Fapp\\.yml";

/**
 * Probot's config plugin words an invalid `_extends` `Invalid value "<value>" for _extends in <url>`
 * (a value that is not a string: its JSON). Apps' tests and log searches match on Probot's words, as
 * for invalid YAML (`Configuration could not be parsed from <url> (invalid YAML)`), which came first
 * here already; this sentence did not, so the message read only this package's own.
 */
describe("context.config(): an invalid _extends says Probot's sentence first", () => {
  const fixture = useConfigFixture();
  const rows: Array<[string, string, RegExp]> = [
    [
      "a string that is not a base reference",
      "_extends: 'not valid!!'\nb: 2",
      new RegExp(
        `^Invalid value "not valid!!" for _extends in ${URL}\\. The _extends value "not valid!!" in octo/hello`,
      ),
    ],
    [
      "a value that is not a string",
      "_extends: [a, b]",
      new RegExp(
        `^Invalid value \\["a","b"\\] for _extends in ${URL}\\. The _extends value \\(a list\\) in octo/hello`,
      ),
    ],
  ];
  for (const [rule, text, message] of rows) {
    it(rule, async () => {
      fixture.files.set("octo/hello:.github/app.yml", text);
      const { app } = fixture.newApp();
      const error = await fixture
        .context(app)
        .config("app.yml")
        .then(
          () => expect.fail("expected a rejection"),
          (failure: unknown) => failure,
        );
      expect(isAppError(error), String(error)).to.equal(true);
      expect(error).to.include({ code: "CONFIG_EXTENDS_INVALID" });
      expect((error as Error).message).to.match(message);
    });
  }
});
