import { expect } from "chai";
import { escapeFor, IN_JSON_STRING, RAW, renderTemplate, type Escape } from "../../src/scaffold/render-template.js";

describe("renderTemplate", () => {
  const values = { name: "my-app", description: 'Says "hi"\nand \\ more', author: "" };
  const cases: ReadonlyArray<[label: string, text: string, escape: Escape, expected: string]> = [
    ["fills a placeholder", "# {{name}}", RAW, "# my-app"],
    ["allows spaces inside the braces", "{{ name }}", RAW, "my-app"],
    [
      "escapes quotes, newlines and backslashes inside JSON strings",
      '"{{description}}"',
      IN_JSON_STRING,
      '"Says \\"hi\\"\\nand \\\\ more"',
    ],
    ["writes an empty value", '"author": "{{author}}"', IN_JSON_STRING, '"author": ""'],
    ["leaves GitHub Actions expressions alone", "${{ github.token }}", RAW, "${{ github.token }}"],
    ["does not evaluate anything", "{{constructor}}", RAW, "throws"],
  ];
  for (const [label, text, escape, expected] of cases) {
    it(label, () => {
      if (expected === "throws") {
        expect(() => renderTemplate(text, values, escape)).to.throw(/\{\{constructor\}\}, which has no value/);
      } else {
        expect(renderTemplate(text, values, escape)).to.equal(expected);
      }
    });
  }

  it("keeps the rendered package.json valid JSON whatever the description", () => {
    const rendered = renderTemplate('{ "description": "{{description}}" }', values, escapeFor("package.json"));
    expect(JSON.parse(rendered)).to.deep.equal({ description: values.description });
  });

  it("writes values as they are into Markdown and text files", () => {
    expect(escapeFor("README.md")).to.equal(RAW);
    expect(escapeFor(".env.example")).to.equal(RAW);
    expect(escapeFor("gitignore")).to.equal(RAW);
    expect(escapeFor("index.test.ts")).to.equal(IN_JSON_STRING);
  });
});
