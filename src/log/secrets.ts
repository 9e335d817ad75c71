/** What a scrubbed secret is replaced with, in values and by key alike. */
export const REDACTED = "[REDACTED]";

/**
 * Each registered secret makes every line cost more to scrub (V8 tries the
 * alternatives one by one), so the list is kept short: values the patterns
 * below already catch (tokens, JWTs, keys) are not added at all.
 */
const MAX_SECRETS = 100;
const MIN_SECRET_LENGTH = 6;
/** The well-known webhook secret used outside production: nothing to hide. */
const DEVELOPMENT_SECRET = "development";

/** "token" → "[Tt][Oo][Kk][Ee][Nn]": Node 20 has no inline `(?i:…)` flag. */
const anyCase = (word: string): string => word.replace(/[a-z]/g, (c) => `[${c.toUpperCase()}${c}]`);

/** Keys whose string values are censored at any depth of a line. */
const SECRET_KEYS = [
  "[Aa]uthorization",
  "[Cc]ookie",
  "[Ss]et-[Cc]ookie",
  "privateKey",
  "private_key",
  "secret",
  "webhookSecret",
  "webhook_secret",
  "token",
  "access_token",
  "refresh_token",
  "clientSecret",
  "client_secret",
  "password",
].join("|");

const SECRET_KEY = new RegExp(`^(?:${SECRET_KEYS})$`);

/** Whether a key's string value is censored wherever it is logged (`token`, `authorization`, …). */
export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

// Matched on the serialized line, where newlines are "\n" escapes and quotes
// may be escaped. The patterns with a capture group keep that prefix and
// replace the value after it; the others are replaced whole.
const PATTERNS = [
  // PEM private keys, to the END line or, when truncated, to the last body character.
  String.raw`-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY-----|(?:\\+[nr]|[A-Za-z0-9+/=:,. \t\r\n-])*)`,
  // The base64 encoding of a whole PEM ("-----BEGIN…"), as PRIVATE_KEY accepts it.
  String.raw`LS0tLS1CRUdJT[A-Za-z0-9+/=]*`,
  // JWTs: base64url header and payload, both JSON objects, then the signature.
  String.raw`eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*`,
  // GitHub tokens: https://github.blog/2021-04-05-behind-githubs-new-authentication-token-formats/
  // Stateless installation tokens are `ghs_<app id>_<JWT>` (dots and dashes inside, about 520
  // characters): the whole token goes, not only what comes before its first dot.
  String.raw`(?:gh[opusr]_|github_pat_)[A-Za-z0-9_-]{16,}(?:\.[A-Za-z0-9_-]+)*`,
  // Installation tokens in the older format.
  String.raw`v1\.[0-9a-f]{40}`,
  // Authorization header values in text: `Authorization: token …`.
  String.raw`(${anyCase("authorization")}\\?["']?\s*[:=]\s*\\?["']?\s*(?:${anyCase("token")}|${anyCase("bearer")}|${anyCase("basic")})\s+)[^\s"'\\,;]+`,
  // Cookie header values in text: `Cookie: session=…; other=…` to the end of the line.
  String.raw`((?:${anyCase("set-")})?${anyCase("cookie")}\\?["']?\s*[:=]\s*\\?["']?\s*)(?:[^\r\n"\\]|\\[^n"])+`,
  // Credentials in query strings and form bodies.
  String.raw`((?:access_token|refresh_token|client_secret)=)[^&\s"'\\]+`,
  // String values of secret keys, at any depth: `"token":"…"`.
  String.raw`("(?:${SECRET_KEYS})":")(?:[^"\\]|\\.)*`,
  // The same inside a JSON string, e.g. a response body in an error message.
  String.raw`(\\"(?:${SECRET_KEYS})\\":\s*\\")(?:[^"\\]|\\[^"])*`,
].join("|");

const STATIC_PATTERN = new RegExp(PATTERNS, "g");
/** Webhook secrets, keys, passwords, …: few, and needed as long as the process runs. */
const secrets = new Set<string>();
/** Installation tokens: one per installation and hour, so many that only the latest are kept. */
const tokens = new Set<string>();
/** PATTERNS plus the registered secrets; undefined after the list changed. */
let pattern: RegExp | undefined = STATIC_PATTERN;

export type RegisterSecretOptions = {
  /**
   * The value is short-lived and one of many (an installation token): it is kept with the
   * latest 100 such values, and never pushes a webhook secret or a key out of the list.
   * Registering it again (on each use) makes it the latest.
   */
  token?: boolean;
};

/**
 * Adds a value to the process-wide list of secrets that every log line is
 * scrubbed of. Values shorter than 6 characters, the development webhook
 * secret and values the built-in patterns already catch are ignored; the
 * latest 100 values are kept, and the latest 100 tokens beside them.
 *
 * @example
 * registerSecret(options.secret);
 */
export function registerSecret(value: string | undefined | null, { token = false }: RegisterSecretOptions = {}): void {
  if (typeof value !== "string" || value.length < MIN_SECRET_LENGTH) return;
  if (value === DEVELOPMENT_SECRET) return;
  const list = token ? tokens : secrets;
  if (list.delete(value)) {
    list.add(value); // now the latest; the pattern already has it
    return;
  }
  // Values the patterns already catch are dropped when the pattern is built
  // (trying them compiles those patterns: not worth it for a process that logs nothing).
  list.add(value);
  if (list.size > MAX_SECRETS) {
    list.delete(list.values().next().value as string);
  }
  pattern = undefined;
}

/**
 * Replaces private keys, JWTs, GitHub tokens, Authorization header values,
 * string values of secret keys (`"token":"…"`) and every registered secret in
 * `text` with "[REDACTED]". Returns `text` itself when nothing matches.
 *
 * @example
 * scrubSecrets("Authorization: token 0123456789abcdef");
 * // → "Authorization: token [REDACTED]"
 */
export function scrubSecrets(text: string): string {
  pattern ??= buildPattern();
  return text.replace(pattern, replaceMatch);
}

function replaceMatch(
  _match: string,
  authorization: string | undefined,
  cookie: string | undefined,
  query: string | undefined,
  key: string | undefined,
  escapedKey: string | undefined,
): string {
  return (authorization ?? cookie ?? query ?? key ?? escapedKey ?? "") + REDACTED;
}

function buildPattern(): RegExp {
  const literals = new Set<string>();
  for (const list of [secrets, tokens]) {
    for (const secret of list) {
      if (secret.trim().replace(STATIC_PATTERN, "") === "") {
        list.delete(secret);
        continue;
      }
      literals.add(secret);
      // How the secret appears inside a JSON string: quotes, backslashes and
      // newlines escaped; and escaped twice, in JSON text inside a JSON string
      // (an answer's JSON in an error's message or a log line's message).
      const inJson = JSON.stringify(secret).slice(1, -1);
      literals.add(inJson);
      literals.add(JSON.stringify(inJson).slice(1, -1));
      // And in a URL or a form body (a link in a platform's error, a query string): "/", "+",
      // "=" and the like percent-encoded, the pieces between them long enough to leak.
      literals.add(encodeURIComponent(secret));
    }
  }
  // Longest first, so a secret that starts another one does not hide it.
  const escaped = [...literals]
    .sort((a, b) => b.length - a.length)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"));
  // Registered secrets before the patterns: at one position the first alternative that matches
  // wins, and a pattern may match only the start of a registered secret.
  return new RegExp([...escaped, PATTERNS].join("|"), "g");
}

/**
 * Scrubs `error`'s message and stack in place, as the log's lines are, and returns it: an
 * error made of the platform's words (a refusal that quotes the token or JWT it refused)
 * before it reaches an app. Anything else is returned as it is.
 *
 * @example
 * throw scrubError(error);
 */
export function scrubError<T>(error: T): T {
  if (!(error instanceof Error)) return error;
  const message = scrubSecrets(error.message);
  if (message === error.message) return error;
  error.message = message;
  if (typeof error.stack === "string") error.stack = scrubSecrets(error.stack);
  return error;
}
