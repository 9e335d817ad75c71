import { createServer } from "node:http";
import { Webhooks, createNodeMiddleware } from "@octokit/webhooks";
import { countDelivery } from "../apps/counter.js";

// Bare @octokit/webhooks: its Node middleware on node:http, no framework.
const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
webhooks.on("issues.opened", async () => {
  countDelivery();
});

createServer(createNodeMiddleware(webhooks, { path: "/api/github/webhooks" })).listen(
  Number(process.env.PORT),
  process.env.HOST ?? "127.0.0.1",
);
