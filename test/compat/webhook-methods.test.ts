import { expect } from "chai";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "../../src/index.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { startTestServer, WEBHOOK_PATH, type TestServer } from "../server/start-test-server.js";

/** A signed JSON delivery sent with another method than POST. */
function sendSigned(url: string, method: string): Promise<Response> {
  const body = JSON.stringify(issuesOpenedPayload());
  return fetch(url + WEBHOOK_PATH, {
    method,
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": `d-${method}`,
      "x-hub-signature-256": sign(TEST_SECRET, body),
    },
    body,
  });
}

describe("7: methods other than POST on the webhook path", () => {
  const ran: string[] = [];

  describe("createServer", () => {
    let test: TestServer;
    before(async () => {
      test = await startTestServer(({ app }) => app.on("issues", (context) => void ran.push(context.id)));
    });
    after(() => test.close());

    for (const method of ["DELETE", "PUT", "PATCH"]) {
      it(`answers ${method} with a signed JSON body 404 and runs no handler`, async () => {
        ran.length = 0;
        const response = await sendSigned(test.url, method);
        expect(response.status).to.equal(404);
        expect(((await response.json()) as { error: string }).error).to.include("only accepts POST");
        expect(ran).to.deep.equal([]);
      });
    }
  });

  describe("createNodeMiddleware", () => {
    let server: Server;
    let url: string;
    before(async () => {
      const { app } = createTestApp(undefined);
      const middleware = createNodeMiddleware(
        ({ app: inner }) => inner.on("issues", (context) => void ran.push(context.id)),
        { app },
      );
      server = createHttpServer((request, response) =>
        middleware(request, response, () => response.writeHead(418).end()),
      );
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((resolve) => server.close(resolve)));

    for (const method of ["DELETE", "PUT", "PATCH"]) {
      it(`answers ${method} with a signed JSON body 404 and runs no handler`, async () => {
        ran.length = 0;
        const response = await sendSigned(url, method);
        expect(response.status).to.equal(404);
        expect(ran).to.deep.equal([]);
      });
    }
  });
});
