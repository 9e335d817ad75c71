import type { FakeResponse, RouteAuth, RouteHandler } from "./types.js";

export type PathMatcher = (path: string) => Record<string, string> | undefined;

/**
 * Compiles "/repos/:owner/:repo/contents/:path+" into a matcher: `:name`
 * takes one segment, a final `:name+` takes the rest of the path.
 */
export function compilePattern(pattern: string): PathMatcher {
  const expected = pattern.split("/");
  return (path) => {
    const actual = path.split("/");
    const params: Record<string, string> = {};
    for (const [index, segment] of expected.entries()) {
      const value = actual[index];
      if (value === undefined) return undefined;
      if (segment.startsWith(":") && segment.endsWith("+") && index === expected.length - 1) {
        const rest = actual.slice(index);
        if (rest.some((part) => part === "")) return undefined;
        params[segment.slice(1, -1)] = rest.map(decode).join("/");
        return params;
      }
      if (segment.startsWith(":")) {
        if (value === "") return undefined;
        params[segment.slice(1)] = decode(value);
      } else if (segment !== value) {
        return undefined;
      }
    }
    return actual.length === expected.length ? params : undefined;
  };
}

export function matchesRoute(method: string, pattern: string) {
  const matcher = compilePattern(pattern);
  const wanted = method.toUpperCase();
  return (call: { method: string; path: string }) =>
    call.method.toUpperCase() === wanted && matcher(call.path) !== undefined;
}

type Route = { method: string; match: PathMatcher; handler: RouteHandler; auth: RouteAuth };

/** Routes by method and path; the most recent registration wins. */
export function createRouter() {
  const routes: Route[] = [];
  return {
    add(method: string, pattern: string, handler: RouteHandler, auth: RouteAuth) {
      routes.unshift({ method: method.toUpperCase(), match: compilePattern(pattern), handler, auth });
    },
    find(method: string, path: string) {
      for (const route of routes) {
        if (route.method !== method.toUpperCase()) continue;
        const params = route.match(path);
        if (params !== undefined) return { route, params };
      }
      return undefined;
    },
  };
}

type Failure = {
  matches: (call: { method: string; path: string }) => boolean;
  response: FakeResponse;
  remaining: number;
};

/** Canned answers for the next N matching requests, used first-registered first. */
export function createFailQueue() {
  let failures: Failure[] = [];
  return {
    add(method: string, pattern: string, response: FakeResponse, times: number) {
      failures.push({ matches: matchesRoute(method, pattern), response, remaining: times });
    },
    take(call: { method: string; path: string }): FakeResponse | undefined {
      const failure = failures.find((entry) => entry.remaining > 0 && entry.matches(call));
      if (failure === undefined) return undefined;
      failure.remaining -= 1;
      failures = failures.filter((entry) => entry.remaining > 0);
      return failure.response;
    },
    clear() {
      failures = [];
    },
  };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
