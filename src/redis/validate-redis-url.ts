import { AppError } from "../errors.js";

/** `url` with the password (and user) of its `//user:password@` part replaced: safe to show. */
export function maskRedisUrl(url: string): string {
  // Without a scheme or an "@" nothing tells a host from a password pasted where the URL belongs: not shown.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.includes("@")) return "(its value not shown: it may be a password)";
  // Also without a scheme ("pw@host:6379"): whatever comes before the last "@" may be a password,
  // one holding an unencoded "/", "?", "#" or "@" too.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/is, "$1***@");
}

const HINT = "Set REDIS_URL (or --redis-url) to redis://[:PASSWORD@]HOST[:PORT][/DB], or rediss:// for TLS.";
const ENCODE_HINT =
  "Percent-encode the user name and password in REDIS_URL (or --redis-url): " +
  'encodeURIComponent(password) in Node gives it ("/" is %2F, "?" %3F, "#" %23, "%" %25, "@" %40).';

/** Never the parser's own error: it would print the URL, password included. */
export function validateRedisUrl(url: string): string {
  const shown = maskRedisUrl(url);
  const fail = (why: string, hint = HINT): never => {
    throw new AppError("OPTION_INVALID", `REDIS_URL ${shown} ${why}.`, { hint });
  };
  if (!/^rediss?:\/\//i.test(url)) fail("is not a redis:// URL");
  // Up to the last "@": the parser would end the password at its first "/", "?" or "#", and print the rest as a host.
  const credentials = /^rediss?:\/\/(.*)@/is.exec(url)?.[1];
  if (credentials !== undefined) {
    if (/[/?#]/.test(credentials)) fail('has a "/", "?" or "#" in its password (or user name)', ENCODE_HINT);
    try {
      for (const part of credentials.split(":")) decodeURIComponent(part);
    } catch {
      fail('has a "%" in its password (or user name) that is not an escape such as %2F', ENCODE_HINT);
    }
  }
  const port = /^rediss?:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::([^/?#]*))?/i.exec(url)?.[1];
  if (port !== undefined && port !== "" && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    fail(`has port ${port.slice(0, 10)}, not a port from 1 to 65535`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail("is not a valid URL");
  }
  if (parsed.hostname === "") fail("names no host");
  const db = parsed.pathname.replace(/^\//, "");
  if (db !== "" && !/^\d+$/.test(db)) fail(`has "/${db.slice(0, 20)}" where a database number (e.g. /0) belongs`);
  return url;
}
