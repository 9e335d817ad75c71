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
  const domain = env.PROJECT_DOMAIN?.trim();
  if (domain) return domain.replace(/\/+$/, "");
  const envPort = env.PORT?.trim();
  // PORT=0 asks for any free port: not an address to show anyone.
  return `http://localhost:${port ?? (envPort && envPort !== "0" ? envPort : 3000)}`;
}
