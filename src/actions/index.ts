// gh-app-kit/actions: the app as a GitHub Actions step, in the shape of Probot's Actions adapter
// (`run(app)`), with every name of the package root beside it, as the adapter handed on probot's.
export * from "../index.js";
export { run } from "./run-action.js";
export type { RunActionOptions } from "./run-action.js";
