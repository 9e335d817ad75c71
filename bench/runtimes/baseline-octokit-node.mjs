// The second baseline on Node: node:http and @octokit/webhooks in one file, with the same Octokit
// parts the framework's client has (app authentication, the REST methods, pagination, retries and
// throttling), as baseline-octokit-worker.mjs has them on Workers.
import { createServer } from "node:http";
import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { restEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Webhooks } from "@octokit/webhooks";

const Client = Octokit.plugin(restEndpointMethods, paginateRest, retry, throttling);
const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
webhooks.on("issues.opened", async ({ payload }) => {
  const client = new Client({
    authStrategy: createAppAuth,
    auth: { appId: process.env.APP_ID, privateKey: process.env.PRIVATE_KEY, installationId: payload.installation.id },
    baseUrl: process.env.BASE_URL,
    throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false },
  });
  const { owner, name } = payload.repository;
  await client.rest.issues.createComment({
    owner: owner.login,
    repo: name,
    issue_number: payload.issue.number,
    body: "hi",
  });
});

const server = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString("utf8");
  if (!(await webhooks.verify(body, request.headers["x-hub-signature-256"] ?? ""))) {
    return response.writeHead(400).end("bad signature");
  }
  const id = request.headers["x-github-delivery"];
  await webhooks.receive({ id, name: request.headers["x-github-event"], payload: JSON.parse(body) });
  response.writeHead(200).end("ok");
});
server.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${server.address().port}`));
