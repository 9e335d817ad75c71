/** True when `NODE_ENV` says the process runs in production. */
export function isProduction(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === "production";
}
