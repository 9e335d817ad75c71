/** The library's one door to `process.env` (see the rule in eslint.config.js). */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}
