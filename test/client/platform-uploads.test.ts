import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { AppClient } from "../../src/client/app-client.js";

describe("AppClient: release assets on an Enterprise Server", () => {
  let server: Server;
  let origin: string;
  const seen: string[] = [];

  before(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      request.resume();
      request.on("end", () => response.writeHead(201, { "content-type": "application/json" }).end("{}"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  it("uploads to the server's own uploads address, not github.com's", async () => {
    const client = new AppClient({
      baseUrl: `${origin}/api/v3`,
      auth: "token-for-this-test",
      retry: { enabled: false },
      throttle: { enabled: false },
    });
    const response = await client.repos.uploadReleaseAsset({
      owner: "octo",
      repo: "hello",
      release_id: 7,
      name: "notes.txt",
      data: "release notes",
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).to.equal(201);
    expect(seen).to.have.length(1);
    expect(seen[0]).to.match(/^POST \/api\/uploads\/repos\/octo\/hello\/releases\/7\/assets\?name=notes\.txt\b/);
  });
});
