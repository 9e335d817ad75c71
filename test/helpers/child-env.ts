/**
 * What a child process gets from this one when a test gives it a bare environment (so that the
 * machine's APP_ID, PRIVATE_KEY, ... cannot leak into it): PATH and HOME, the run's temporary
 * folder (test/helpers/temp-root.ts), and what npm needs to reach the registry the way this
 * process does: a proxy, a certificate authority of the machine's (NODE_EXTRA_CA_CERTS: without
 * it, a Node binary with only its own CAs fails each request with SELF_SIGNED_CERT_IN_CHAIN and
 * npm retries for minutes), the registry and cache settings.
 */
const PASSED =
  /^(PATH|HOME|TMPDIR|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO|ALL)_PROXY|npm_config_(registry|cafile|ca|proxy|https_proxy|noproxy|strict_ssl|cache|userconfig))$/i;

export function bareEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const passed = Object.entries(process.env).filter(([name, value]) => value !== undefined && PASSED.test(name));
  return { ...Object.fromEntries(passed), ...extra };
}
