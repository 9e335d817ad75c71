// "#express-bridge" in a Workers bundle: a Worker has no Node request and response, so the route
// wrapper (src/routes/express-routes.ts) fails before loading it; this keeps node:module out of the bundle.
import { unavailableOnWorkers } from "./unavailable.js";

export function runExpressHandler(): never {
  throw unavailableOnWorkers(
    "A route handler written for Express",
    'Write it for Hono: router.get("/hello-world", (c) => c.text("Hello World")).',
  );
}

export function serveRouter(): never {
  throw unavailableOnWorkers(
    "An app's router mounted as Express middleware",
    "Serve the app with createWebHandler(), which serves its routes too.",
  );
}
