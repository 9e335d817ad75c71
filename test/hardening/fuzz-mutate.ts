import {
  FAILING_EVENT,
  FUZZ_BODY_LIMIT,
  FUZZ_PATH,
  sign,
  validDelivery,
  type FuzzRequest,
  type Pick,
} from "./fuzz-cases.js";

type Http = FuzzRequest & { kind: "http" };
type Mutation = (request: Http, pick: Pick, secret: string) => FuzzRequest;

const EVENTS = [
  "issues",
  "push",
  "ping",
  FAILING_EVENT,
  "__proto__",
  "constructor",
  "toString",
  "made_up",
  "ISSUES",
  "issues.opened",
  "",
];
const METHODS = ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "FOO", "post"];
const PATHS = [
  `${FUZZ_PATH}/`,
  `/${FUZZ_PATH}`,
  `${FUZZ_PATH}?x=1`,
  `${FUZZ_PATH}#f`,
  "/api/github/webhooks%2F",
  "/API/github/webhooks",
  "/ping",
  "/",
  "/app",
  "/../etc/passwd",
  `/${"a".repeat(4000)}`,
  "*",
];
const TYPES = [
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
  "application/json;;;",
  "x".repeat(300),
];
const SIGNED_HEADERS = ["x-github-event", "x-github-delivery", "x-hub-signature-256", "content-type"];

function withBody(request: Http, body: Buffer, secret: string | undefined): Http {
  const headers = { ...request.headers };
  if (secret !== undefined) headers["x-hub-signature-256"] = sign(secret, body);
  return { ...request, body, headers };
}

const mutations: ReadonlyArray<[weight: number, name: string, mutate: Mutation]> = [
  [10, "valid", (request) => request],
  [
    2,
    "flip body bytes",
    (request, pick) => {
      const body = Buffer.from(request.body);
      for (let i = 0; i <= pick.int(4); i++) body[pick.int(body.length)] = pick.int(256);
      return withBody(request, body, undefined);
    },
  ],
  [
    3,
    "flip body bytes, re-signed",
    (request, pick, secret) => {
      const body = Buffer.from(request.body);
      for (let i = 0; i <= pick.int(4); i++) body[pick.int(body.length)] = pick.int(256);
      return withBody(request, body, secret);
    },
  ],
  [
    2,
    "truncate, re-signed",
    (request, pick, secret) => withBody(request, request.body.subarray(0, pick.int(request.body.length)), secret),
  ],
  [2, "random bytes, re-signed", (request, pick, secret) => withBody(request, pick.bytes(pick.int(2048)), secret)],
  [
    2,
    "JSON that is not an object, re-signed",
    (request, pick, secret) =>
      withBody(
        request,
        Buffer.from(pick.one(["[]", "null", "1", '"s"', "true", "[".repeat(2000), '{"a":'.repeat(1000)])),
        secret,
      ),
  ],
  [
    1,
    "deeply nested object, re-signed",
    (request, pick, secret) =>
      withBody(
        request,
        Buffer.from(`{"action":"opened","x":${"[".repeat(500 + pick.int(1500))}${"]".repeat(1000)}`),
        secret,
      ),
  ],
  [
    3,
    "signature garbled",
    (request, pick) => {
      const good = String(request.headers["x-hub-signature-256"] ?? "sha256=");
      const bad = pick.one([
        good.toUpperCase(),
        good.slice(0, pick.int(good.length)),
        `${good}0`,
        good.replace("sha256", "sha1"),
        `${good}, ${good}`,
        pick.text(pick.int(100)),
        "",
      ]);
      return { ...request, headers: { ...request.headers, "x-hub-signature-256": bad } };
    },
  ],
  [
    3,
    "header dropped or duplicated",
    (request, pick) => {
      const headers = { ...request.headers };
      const name = pick.one(SIGNED_HEADERS);
      if (pick.chance(0.5)) delete headers[name];
      else headers[name] = [String(headers[name] ?? "x"), pick.text(pick.int(40))];
      return { ...request, headers };
    },
  ],
  [
    3,
    "odd event name",
    (request, pick, secret) => {
      const event = pick.chance(0.8) ? pick.one(EVENTS) : pick.text(1 + pick.int(3000));
      const signed = withBody(request, request.body, secret);
      return { ...signed, headers: { ...signed.headers, "x-github-event": event } };
    },
  ],
  [
    2,
    "odd delivery id",
    (request, pick) => ({
      ...request,
      headers: { ...request.headers, "x-github-delivery": pick.text(pick.int(8000)) },
    }),
  ],
  [2, "odd method", (request, pick) => ({ ...request, method: pick.one(METHODS) })],
  [2, "odd path", (request, pick) => ({ ...request, path: pick.one(PATHS) })],
  [
    2,
    "odd content type",
    (request, pick) => ({ ...request, headers: { ...request.headers, "content-type": pick.one(TYPES) } }),
  ],
  [
    2,
    "form body, re-signed",
    (request, pick, secret) => {
      const form = pick.one([
        `payload=${encodeURIComponent(request.body.toString())}`,
        `payload=${encodeURIComponent(request.body.toString())}&x=1`,
        "payload=%ZZ",
        "a=b",
        "",
      ]);
      const signed = withBody(request, Buffer.from(form), secret);
      return { ...signed, headers: { ...signed.headers, "content-type": "application/x-www-form-urlencoded" } };
    },
  ],
  [4, "chunked", (request) => ({ ...request, chunked: true })],
  [
    1,
    "over the body limit",
    (request, pick) => ({
      ...request,
      body: Buffer.alloc(FUZZ_BODY_LIMIT + 1 + pick.int(FUZZ_BODY_LIMIT), 0x20),
      chunked: pick.chance(0.5),
      mayReset: true,
    }),
  ],
  [
    1,
    "huge header",
    (request, pick) => ({
      ...request,
      headers: { ...request.headers, "x-padding": "p".repeat(17_000 + pick.int(20_000)) },
      mayReset: true,
    }),
  ],
  [
    2,
    "many headers",
    (request, pick) => ({
      ...request,
      headers: {
        ...request.headers,
        ...Object.fromEntries(
          Array.from({ length: 1 + pick.int(150) }, (_, i) => [`x-fuzz-${i}`, pick.text(pick.int(30))]),
        ),
      },
    }),
  ],
  [3, "raw: broken framing", (request, pick) => rawFraming(request, pick)],
  [
    1,
    "raw: garbage",
    (_request, pick) => ({ kind: "raw", label: "raw: garbage", bytes: [pick.bytes(1 + pick.int(600))] }),
  ],
];

const TOTAL = mutations.reduce((sum, [weight]) => sum + weight, 0);

/** One request: a valid delivery of a random event, then one mutation (sometimes two). */
export function nextRequest(pick: Pick, secret: string, index: number, payload: object): FuzzRequest {
  const event = pick.one(["issues", "issues", "push", FAILING_EVENT]);
  let request: FuzzRequest = validDelivery(secret, event, `fuzz-${index}`, payload);
  for (let round = 0; round < (pick.chance(0.2) ? 2 : 1) && request.kind === "http"; round++) {
    let roll = pick.int(TOTAL);
    const found = mutations.find(([weight]) => (roll -= weight) < 0)!;
    request = found[2](request, pick, secret);
    request.label = round === 0 ? found[1] : `${request.label} + ${found[1]}`;
  }
  return request;
}

function rawFraming(request: Http, pick: Pick): FuzzRequest {
  const head = (extra: string) =>
    `POST ${FUZZ_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
    Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${String(value)}\r\n`)
      .join("") +
    extra;
  const body = request.body;
  const variants: Buffer[][] = [
    [Buffer.from(head(`Content-Length: ${body.length + 1 + pick.int(50)}\r\n\r\n`)), body], // longer than sent: the request deadline ends it
    [Buffer.from(head(`Content-Length: ${pick.int(body.length)}\r\n\r\n`)), body], // shorter: the rest parses as garbage
    [Buffer.from(head("Content-Length: -1\r\n\r\n")), body],
    [Buffer.from(head("Content-Length: 12abc\r\n\r\n")), body],
    [Buffer.from(head(`Content-Length: ${body.length}\r\nContent-Length: ${body.length + 1}\r\n\r\n`)), body],
    [
      Buffer.from(head("Transfer-Encoding: chunked\r\n\r\n")),
      Buffer.from(`zz\r\n${body.toString("latin1")}\r\n0\r\n\r\n`, "latin1"),
    ],
    [
      Buffer.from(head(`Transfer-Encoding: chunked\r\nContent-Length: ${body.length}\r\n\r\n`)),
      Buffer.from(`${body.length.toString(16)}\r\n`),
      body,
      Buffer.from("\r\n0\r\n\r\n"),
    ],
    [Buffer.from(head(`X-Bad: a\u0000b\r\nContent-Length: ${body.length}\r\n\r\n`)), body],
    [Buffer.from(head(`X-Bad\r\nContent-Length: ${body.length}\r\n\r\n`)), body],
    [Buffer.from(`POST ${FUZZ_PATH} HTTP/1.0\r\nContent-Length: ${body.length}\r\n\r\n`), body],
    [
      Buffer.from(head(`Content-Length: ${body.length}\r\n\r\n`)),
      body,
      Buffer.from(`GET /ping HTTP/1.1\r\nHost: x\r\n\r\n`),
    ], // pipelined
    [Buffer.from(head(`Content-Length: ${body.length}\r\n\r\n`)).subarray(0, pick.int(200))], // cut off in the head
  ];
  const bytes = pick.one(variants);
  // Split at random points, so the parser sees every boundary.
  const joined = Buffer.concat(bytes);
  const cut = pick.int(joined.length);
  return {
    kind: "raw",
    label: "raw: broken framing",
    bytes: pick.chance(0.5) ? [joined] : [joined.subarray(0, cut), joined.subarray(cut)],
    // Some variants still carry the whole delivery (a pipelined one after it, say): its handler runs.
    event: String(request.headers["x-github-event"]),
  };
}
