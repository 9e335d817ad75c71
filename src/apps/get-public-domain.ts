import { ENV_BINDINGS } from "../options/read-env-options.js";

export type GetPublicDomainOptions = {
  env: NodeJS.ProcessEnv;
  /** The port the server listens on, when known; wins over `PORT`. */
  port?: number | undefined;
};

/**
 * The public address of the app: `PROJECT_DOMAIN` (without a trailing
 * slash), else `http://localhost:<port>` with the port given, `PORT`, or 3000.
 *
 * @example
 * getPublicDomain({ env: { PORT: "8080" } }); // "http://localhost:8080"
 */
export function getPublicDomain({ env, port }: GetPublicDomainOptions): string {
  const domain = ENV_BINDINGS.projectDomain.read(env);
  if (domain) return domain.replace(/\/+$/, "");
  // PORT=0 asks for any free port: not an address to show anyone.
  return `http://localhost:${port ?? (ENV_BINDINGS.port.read(env) || 3000)}`;
}
