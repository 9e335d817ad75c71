// The second baseline: a one-file Worker that does by hand what the framework does for a delivery,
// with the same Octokit parts: it verifies with @octokit/webhooks and comments through an Octokit
// with app authentication, the REST methods, pagination, retries and throttling.
import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { restEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Webhooks } from "@octokit/webhooks";

const Client = Octokit.plugin(restEndpointMethods, paginateRest, retry, throttling);

let webhooks;
function setUp(env) {
  const created = new Webhooks({ secret: env.WEBHOOK_SECRET });
  created.on("issues.opened", async ({ payload }) => {
    const client = new Client({
      authStrategy: createAppAuth,
      auth: { appId: env.APP_ID, privateKey: env.PRIVATE_KEY, installationId: payload.installation.id },
      baseUrl: env.BASE_URL,
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
  return created;
}

export default {
  async fetch(request, env) {
    webhooks ??= setUp(env);
    if (new URL(request.url).pathname === "/ping") return new Response("PONG");
    const body = await request.text();
    if (!(await webhooks.verify(body, request.headers.get("x-hub-signature-256") ?? ""))) {
      return new Response("bad signature", { status: 400 });
    }
    const id = request.headers.get("x-github-delivery");
    await webhooks.receive({ id, name: request.headers.get("x-github-event"), payload: JSON.parse(body) });
    return new Response("ok");
  },
};
