import { appendFileSync, writeFileSync } from "node:fs";

// Shared by every server under test, so the harness can check that each 2xx
// answer ran the handler exactly once. Side channel only: it never touches
// the server being measured.
let count = 0;

const countFile = process.env.BENCH_COUNT_FILE;
const markFile = process.env.BENCH_MARK_FILE;

if (countFile) {
  // Only for servers: a one-shot CLI run (BENCH_MARK_FILE) does not pay for node:http.
  const { createServer } = await import("node:http");
  const side = createServer((request, response) => {
    response.end(String(count));
  });
  side.listen(0, "127.0.0.1", () => {
    writeFileSync(countFile, String(side.address().port));
  });
  side.unref();
}

/**
 * Records one handler run: in memory for `GET /` on the side port, and as one
 * byte in `BENCH_MARK_FILE` for one-shot CLI runs.
 *
 * @example
 * app.on("issues.opened", async () => countDelivery());
 */
export function countDelivery() {
  count++;
  if (markFile) appendFileSync(markFile, "x");
}
