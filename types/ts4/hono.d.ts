// The parts of Hono that gh-app-kit's declarations name, for TypeScript before 5.0, which cannot
// read Hono's own declarations. Used only by dist/ts4 (package.json "typesVersions" and the
// "types@<5.0" conditions); TypeScript 5 and later get Hono's own types.

/** The request of a route's handler (`c.req`). */
export interface HonoRequest {
  readonly raw: Request;
  readonly url: string;
  readonly method: string;
  readonly path: string;
  param(): Record<string, string>;
  param(name: string): string | undefined;
  query(): Record<string, string>;
  query(name: string): string | undefined;
  queries(name: string): string[] | undefined;
  header(): Record<string, string>;
  header(name: string): string | undefined;
  json<T = any>(): Promise<T>;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
  parseBody(): Promise<Record<string, any>>;
}

type Headers = Record<string, string | string[]>;

/** A route's context (`c`). */
export interface Context {
  readonly req: HonoRequest;
  readonly env: any;
  res: Response;
  error: Error | undefined;
  readonly var: any;
  json(object: unknown, status?: number, headers?: Headers): Response;
  text(text: string, status?: number, headers?: Headers): Response;
  html(html: string | Promise<string>, status?: number, headers?: Headers): Response | Promise<Response>;
  body(data: string | ArrayBuffer | ReadableStream | null, status?: number, headers?: Headers): Response;
  newResponse(data: string | ArrayBuffer | ReadableStream | null, status?: number, headers?: Headers): Response;
  redirect(location: string, status?: number): Response;
  notFound(): Response | Promise<Response>;
  status(status: number): void;
  header(name: string, value: string | undefined, options?: { append?: boolean }): void;
  set(key: string, value: unknown): void;
  get(key: string): any;
}

export type Next = () => Promise<void>;
export type Handler = (c: Context, next: Next) => unknown;
export type MiddlewareHandler = (c: Context, next: Next) => Promise<Response | void>;
export type ErrorHandler = (error: Error, c: Context) => Response | Promise<Response>;

interface Route {
  (path: string, ...handlers: Handler[]): Hono;
  (...handlers: Handler[]): Hono;
}

/** A Hono app: the router an app mounts its routes on (`getRouter()`). */
export interface Hono {
  get: Route;
  post: Route;
  put: Route;
  delete: Route;
  patch: Route;
  options: Route;
  all: Route;
  use: Route;
  on(method: string | string[], path: string | string[], ...handlers: Handler[]): Hono;
  route(path: string, app: Hono): Hono;
  basePath(path: string): Hono;
  onError(handler: ErrorHandler): Hono;
  notFound(handler: (c: Context) => Response | Promise<Response>): Hono;
  fetch(request: Request, env?: unknown, executionContext?: unknown): Response | Promise<Response>;
  request(input: string | URL | Request, init?: RequestInit, env?: unknown): Response | Promise<Response>;
}
