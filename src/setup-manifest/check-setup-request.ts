import type { MiddlewareHandler } from "hono";
import { renderMessagePageHtml } from "./views/render-message-page.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";

type GuardLog = { warn(message: string): unknown };

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The host names setup pages are served to: loopback, and `PROJECT_DOMAIN`'s host when set. */
export function setupHostNames(env: NodeJS.ProcessEnv): Set<string> {
  const names = new Set(LOOPBACK);
  const domain = ENV_BINDINGS.projectDomain.read(env);
  if (domain) {
    try {
      names.add(new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`).hostname.toLowerCase());
    } catch {
      // An unparsable PROJECT_DOMAIN adds nothing: loopback still works.
    }
  }
  return names;
}

/** The host name of a `Host` header (any port), lower-cased; undefined when it is not one. */
function hostNameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The setup pages write credentials. The `Host` check defeats DNS rebinding;
 * the `Origin` check on POST stops other sites posting a form.
 */
export function guardSetupRequest(env: NodeJS.ProcessEnv, log: GuardLog): MiddlewareHandler {
  const allowed = setupHostNames(env);
  return async (c, next) => {
    const host = c.req.header("host");
    const name = hostNameOf(host);
    if (name === undefined || !allowed.has(name)) {
      log.warn(
        `Refused a setup page request for Host "${String(host).slice(0, 100)}": setup pages are served to localhost and PROJECT_DOMAIN only.`,
      );
      return refuse(
        c,
        "This setup page is served only at localhost, 127.0.0.1, [::1] or the host of PROJECT_DOMAIN. Open it there.",
      );
    }
    if (c.req.method === "POST" && !sameOrigin(c.req.header("origin"), host!)) {
      log.warn("Refused a setup form posted from another origin (or without Origin).");
      return refuse(c, "This form was not posted from this server's own page. Open the page again and retry.");
    }
    await next();
  };
}

function sameOrigin(origin: string | undefined, host: string): boolean {
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).host.toLowerCase() === new URL(`http://${host}`).host.toLowerCase();
  } catch {
    return false;
  }
}

function refuse(c: Parameters<MiddlewareHandler>[0], message: string): Response {
  const { html, headers } = renderMessagePageHtml("This request was refused", message, {
    href: "/app/setup",
    text: "Setup",
  });
  return c.html(html, 403, headers);
}
