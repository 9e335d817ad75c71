import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

// The load generator, forked by lib/load.js so it never shares a process (or
// an event loop) with the harness or a server. It loads its body, says
// "ready", waits for "go" so the harness can read the server's CPU counters
// right before the first request, then reports a summary.
process.once("message", ({ url, connections, duration, headers, bodyFile, uniqueIds }) => {
  const body = readFileSync(bodyFile);
  process.send({ type: "ready" });
  process.once("message", () => {
    // Queue mode remembers delivery ids: each request needs its own, as from the platform.
    const requests = uniqueIds
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, "x-github-delivery": randomUUID() },
            }),
          },
        ]
      : undefined;
    autocannon(
      { url, connections, pipelining: 1, duration, method: "POST", headers, body, requests },
      (error, result) => {
        if (error) {
          process.send({ type: "error", message: String(error.message ?? error) });
          return;
        }
        process.send({ type: "result", result: summarize(result) });
      },
    );
  });
});

function summarize(result) {
  return {
    durationS: result.duration,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    sent: result.requests.sent,
    completed: result.requests.total,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    latency: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.average,
      max: result.latency.max,
    },
  };
}
