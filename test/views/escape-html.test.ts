import { expect } from "chai";
import { escapeHtml } from "../../src/views/escape-html.js";

describe("escapeHtml", () => {
  const rows: ReadonlyArray<[label: string, input: string, output: string]> = [
    ["leaves plain text alone", "issue-greeter 1.0", "issue-greeter 1.0"],
    ["escapes tags", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["escapes ampersands first, once", "a &amp; b & c", "a &amp;amp; b &amp; c"],
    ["escapes both quotes, for attributes", `" onmouseover='x'`, "&quot; onmouseover=&#39;x&#39;"],
    ["escapes backticks", "`x`", "&#96;x&#96;"],
    ["keeps non-ASCII text", "Grüße 👋", "Grüße 👋"],
  ];
  for (const [label, input, output] of rows) {
    it(label, () => {
      expect(escapeHtml(input)).to.equal(output);
    });
  }
});
