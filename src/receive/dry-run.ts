// `app receive`'s dry run: the handlers' requests are printed and answered
// here, never sent. Reads answer 404, so `context.config` gives its defaults;
// writes answer 201 with an empty object.

export type DryRun = {
  /** Given to the client as its `fetch`: prints the request, answers without the network. */
  fetch: typeof globalThis.fetch;
  /** How many requests were printed so far. */
  readonly requests: number;
};

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A `fetch` that prints each request (method, URL, body) with `write` and
 * answers it itself.
 *
 * @example
 * const dryRun = createDryRun((line) => process.stdout.write(`${line}\n`));
 */
export function createDryRun(write: (line: string) => void): DryRun {
  let requests = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const method = request.method.toUpperCase();
    const body = READS.has(method) ? "" : await request.text();
    requests++;
    write(`Dry run: ${method} ${request.url}`);
    if (body !== "") write(`  ${body}`);
    const [status, answer] = READS.has(method)
      ? [404, { message: "Not Found (dry run: nothing was sent)" }]
      : [201, {}];
    return new Response(method === "HEAD" ? null : JSON.stringify(answer), {
      status,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    get requests() {
      return requests;
    },
  };
}

/**
 * The closing line of a dry run.
 *
 * @example
 * dryRunSummary(1, "issues.opened", 1); // "Dry run: 1 handler ran for issues.opened; 1 request printed, none sent."
 */
export function dryRunSummary(handlers: number, label: string, requests: number): string {
  const ran = `${handlers} ${handlers === 1 ? "handler" : "handlers"} ran for ${label}`;
  const printed = `${requests} ${requests === 1 ? "request" : "requests"} printed`;
  return `Dry run: ${ran}; ${printed}, none sent.`;
}
