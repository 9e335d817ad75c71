/**
 * The process's environment: the library's one door to `process.env`, for
 * the functions whose `env` option defaults to it. Everything else is given
 * its `env` by its caller (see the `process.env` rule in eslint.config.js).
 */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}
