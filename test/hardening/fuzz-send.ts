import { request, type Agent } from "node:http";
import { connect } from "node:net";
import type { FuzzRequest } from "./fuzz-cases.js";

/** What came back: the status, 0 when the connection ended without one. */
export type FuzzOutcome = { status: number; error?: string };

const RAW_WAIT_MS = 100;

/** Sends one fuzz request over `agent` (http) or a fresh socket (raw). */
export function send(url: URL, agent: Agent, fuzz: FuzzRequest): Promise<FuzzOutcome> {
  return fuzz.kind === "raw" ? sendRaw(url, fuzz.bytes) : sendHttp(url, agent, fuzz);
}

function sendHttp(url: URL, agent: Agent, fuzz: FuzzRequest & { kind: "http" }): Promise<FuzzOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: FuzzOutcome) => {
      if (!settled) resolve(outcome);
      settled = true;
    };
    const headers = { ...fuzz.headers, ...(fuzz.chunked ? {} : { "content-length": String(fuzz.body.length) }) };
    let outgoing;
    try {
      outgoing = request(
        { host: url.hostname, port: url.port, method: fuzz.method, path: fuzz.path, headers, agent },
        (response) => {
          response.resume();
          response.on("end", () => finish({ status: response.statusCode ?? 0 }));
          response.on("error", () => finish({ status: response.statusCode ?? 0 }));
        },
      );
    } catch (error) {
      // Node refused to send it (an invalid method or header): nothing reached the server.
      return finish({ status: -1, error: (error as Error).message });
    }
    outgoing.on("error", (error) => finish({ status: 0, error: error.message }));
    if (!fuzz.chunked) return void outgoing.end(fuzz.body);
    const cut = Math.floor(fuzz.body.length / 2);
    outgoing.write(fuzz.body.subarray(0, cut));
    outgoing.end(fuzz.body.subarray(cut));
  });
}

function sendRaw(url: URL, parts: Buffer[]): Promise<FuzzOutcome> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = "";
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      resolve({ status: match ? Number(match[1]) : 0 });
    };
    // Requests that promise more bytes than they send are left to the server's
    // deadlines (tested in transport.test.ts); here they are just dropped.
    const timer = setTimeout(finish, RAW_WAIT_MS);
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", finish);
    socket.on("connect", () => {
      for (const part of parts) if (!socket.destroyed) socket.write(part);
    });
  });
}
