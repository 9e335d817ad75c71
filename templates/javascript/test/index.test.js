import { expect } from "chai";
import { readFileSync } from "node:fs";
import { createTestApp, startFakePlatform } from "gh-app-kit/testing";
import appFn from "../index.js";

const payload = JSON.parse(readFileSync(new URL("./fixtures/issues.opened.json", import.meta.url), "utf8"));

describe("{{name}}", () => {
  /** @type {import("gh-app-kit/testing").FakePlatform} */
  let platform;

  beforeEach(async () => {
    // A stand-in for the GitHub API on 127.0.0.1: no network needed.
    platform = await startFakePlatform();
  });

  afterEach(() => platform.close());

  it("comments on a new issue", async () => {
    const { receive } = await createTestApp({ appFn, platform });
    await receive("issues", payload);

    const comments = platform.requests.filter((request) => request.method === "POST" && request.path.endsWith("/comments"));
    expect(comments).to.have.length(1);
    expect(comments[0].path).to.equal("/repos/octo-org/hello-world/issues/1/comments");
    expect(comments[0].body).to.deep.equal({ body: "Thanks for opening this issue!" });
  });
});
