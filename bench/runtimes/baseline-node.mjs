// The baseline on Node: node:http and bare @octokit/webhooks in one file.
import { createServer } from "node:http";
import { Webhooks } from "@octokit/webhooks";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
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
