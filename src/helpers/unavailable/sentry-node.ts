// "#sentry-node" in a Workers bundle: @sentry/node hooks into Node's own modules.
import { unavailableClass } from "./unavailable.js";

export const NodeClient = unavailableClass(
  "Error reports to Sentry (SENTRY_DSN)",
  "Leave SENTRY_DSN out of the Worker's settings and read errors in Workers Logs, or report them from your own code.",
);
export const Scope = NodeClient;
export const makeNodeTransport = undefined;
export const defaultStackParser = undefined;
