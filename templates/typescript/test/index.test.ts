import { expect } from "chai";
import { createTestApp, startFakePlatform, type FakePlatform } from "gh-app-kit/testing";
import appFn from "../src/index.js";
import payload from "./fixtures/issues.opened.json" with { type: "json" };

describe("{{name}}", () => {
  let platform: FakePlatform;

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
    expect(comments[0]?.path).to.equal("/repos/octo-org/hello-world/issues/1/comments");
    expect(comments[0]?.body).to.deep.equal({ body: "Thanks for opening this issue!" });
  });
});
