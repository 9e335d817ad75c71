import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import type { NodeHandler } from "../app-function-argument.js";
import { getPathname } from "./get-pathname.js";

export type { NodeHandler };

/** The handlers app functions add, run in the order added. */
export type NodeHandlers = {
  add(handler: NodeHandler): void;
  readonly size: number;
  /**
   * Resolves true when a handler took the request (or failed: then it is answered 500). A handler
   * that returned no true but began answering it (wrote the head, or is reading the body, as one
   * that answers when the body has come) has taken it too: nothing else may answer it.
   */
  run(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
};

export function createNodeHandlers(log: Logger): NodeHandlers {
  const handlers: NodeHandler[] = [];
  return {
    add(handler) {
      if (typeof handler !== "function") {
        throw new AppError("APP_FUNCTION_INVALID", `addHandler() takes a function, got ${typeof handler}.`, {
          hint: "Pass a Node handler: addHandler((req, res) => { ...; return true; }), true when it answered.",
        });
      }
      handlers.push(handler);
    },
    get size() {
      return handlers.length;
    },
    async run(request, response) {
      try {
        for (const handler of handlers) if (await handler(request, response)) return true;
        return began(request, response);
      } catch (error) {
        const method = request.method ?? "GET";
        const path = getPathname(request.url ?? "/");
        log.error({ err: error, method, path }, `${method} ${path} failed: ${(error as Error)?.message ?? error}`);
        if (!response.headersSent) {
          response.writeHead(500, { "content-type": "application/json" });
          response.end(JSON.stringify({ error: "Internal server error" }));
        } else if (!response.writableEnded) response.end();
        return true;
      }
    },
  };
}

function began(request: IncomingMessage, response: ServerResponse): boolean {
  return (
    response.headersSent ||
    response.writableEnded ||
    request.listenerCount("data") > 0 ||
    request.readableFlowing === true
  );
}
