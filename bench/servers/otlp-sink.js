import { createServer } from "node:http";

/**
 * A local OTLP/HTTP endpoint for the "OpenTelemetry on" row: takes every
 * export (traces, metrics), answers 200 and keeps only counts, so the cost
 * measured is the exporting server's, not a collector's.
 *
 * @example
 * const sink = await startOtlpSink();
 * env.OTEL_EXPORTER_OTLP_ENDPOINT = sink.url;
 */
export async function startOtlpSink() {
  let requests = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on("data", (chunk) => (bytes += chunk.length));
    request.on("end", () => {
      requests++;
      response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref(); // never what keeps the harness alive
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stats: () => ({ requests, bytes }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
