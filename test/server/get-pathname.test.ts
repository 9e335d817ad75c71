import { expect } from "chai";
import { getPathname } from "../../src/server/get-pathname.js";

describe("getPathname", () => {
  const cases: ReadonlyArray<[url: string, path: string]> = [
    ["/api/github/webhooks", "/api/github/webhooks"], // origin-form, as Node's req.url
    ["/api/github/webhooks?token=x", "/api/github/webhooks"], // the query never counts
    ["/a#frag", "/a"],
    ["http://host:3000/a/b?c=d", "/a/b"], // absolute-form, as Request.url
    ["http://host:3000", "/"],
    ["/", "/"],
  ];
  for (const [url, path] of cases) {
    it(`reads "${path}" from "${url}"`, () => {
      expect(getPathname(url)).to.equal(path);
    });
  }
});
