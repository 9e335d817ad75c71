// The baseline: a one-file Worker that verifies deliveries with bare @octokit/webhooks.
import { Webhooks } from "@octokit/webhooks";

let webhooks;
export default {
  async fetch(request, env) {
    webhooks ??= new Webhooks({ secret: env.WEBHOOK_SECRET });
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
