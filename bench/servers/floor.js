import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { countDelivery } from "../apps/counter.js";

// The floor: the least any webhook server must do. Read the body, check the
// HMAC, parse the JSON, run the handler, answer 200.
const secret = process.env.WEBHOOK_SECRET;
const path = "/api/github/webhooks";

const server = createServer((request, response) => {
  if (request.method !== "POST" || request.url !== path) return answer(response, 404, "not found");
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks);
    const header = String(request.headers["x-hub-signature-256"] ?? "");
    const expected = Buffer.from(header.slice("sha256=".length), "hex");
    const actual = createHmac("sha256", secret).update(body).digest();
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      return answer(response, 400, "bad signature");
    }
    let payload;
    try {
      payload = JSON.parse(body.toString("utf8"));
    } catch {
      return answer(response, 400, "bad json");
    }
    if (request.headers["x-github-event"] === "issues" && payload.action === "opened") countDelivery();
    answer(response, 200, "ok");
  });
});

function answer(response, status, text) {
  response.writeHead(status, { "content-type": "text/plain" });
  response.end(text);
}

server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
