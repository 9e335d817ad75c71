import type { App } from "../../../src/app.js";
import { Context } from "../../../src/context.js";
import { startFakePlatform, type FakePlatform } from "../../helpers/fake-platform.js";
import { getTestKeys } from "../../helpers/keys.js";
import { createTestApp, issuesOpenedPayload, type TestApp } from "../../helpers/test-app.js";
import { serveFiles, type FileStore } from "./serve-files.js";

export type ConfigFixture = {
  readonly platform: FakePlatform;
  readonly files: FileStore;
  /** A fresh App (so a fresh config cache) pointed at the platform. */
  newApp(): TestApp;
  /** A Context of an `issues.opened` event on `owner/repo` (default octo/hello), installation 1. */
  context(app: App, repository?: string): Context<"issues.opened">;
};

/**
 * Starts one fake platform serving files from memory for the enclosing
 * `describe`, and empties the files and the call log before each test.
 *
 * @example
 * const fixture = useConfigFixture();
 * it("reads", async () => { fixture.files.set("octo/hello:.github/a.yml", "a: 1"); });
 */
export function useConfigFixture(): ConfigFixture {
  let platform: FakePlatform | undefined;
  let files: FileStore | undefined;
  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    files = serveFiles(platform);
  });
  beforeEach(() => {
    files!.clear();
    platform!.reset();
  });
  after(() => platform?.close());
  return {
    get platform() {
      return platform!;
    },
    get files() {
      return files!;
    },
    newApp: () => createTestApp(platform),
    context(app, repository = "octo/hello") {
      const [owner, repo] = repository.split("/");
      const payload = {
        ...issuesOpenedPayload(1),
        repository: { id: 1, name: repo, full_name: repository, owner: { login: owner } },
      };
      return new Context({ id: "delivery-1", name: "issues", payload }, app);
    },
  };
}
