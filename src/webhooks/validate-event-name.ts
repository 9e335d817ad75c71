import { emitterEventNames } from "@octokit/webhooks";
import { AppError } from "../errors.js";

/** Event and action names as the platform sends them; anything else is unknown. */
export const EVENT_NAME = /^[a-z][a-z0-9_]*$/;
const ACTION = /^[^\s]+$/;
/**
 * Actions-only events the webhook schema omits; Probot 12 apps (release-drafter)
 * register for them, and a warning during `load()` breaks their tests.
 */
const ACTIONS_ONLY_NAMES = [
  "schedule",
  "workflow_call",
  ...emitterEventNames
    .filter((name) => name === "pull_request" || name.startsWith("pull_request."))
    .map((name) => name.replace("pull_request", "pull_request_target")),
];
const KNOWN_NAMES: ReadonlySet<string> = new Set([...emitterEventNames, ...ACTIONS_ONLY_NAMES]);

type WarnLog = { warn(message: string): unknown };

/** `handler`, or an `EVENT_NAME_INVALID` error when it is not a function. */
export function requireFunction<T>(handler: T, where: string): T {
  if (typeof handler !== "function") {
    throw new AppError("EVENT_NAME_INVALID", `${where} needs a handler function, got ${typeof handler}.`);
  }
  return handler;
}

export function validateEventName(name: unknown, log: WarnLog, warned: Set<string>): string {
  if (typeof name !== "string" || name.length === 0) {
    throw new AppError("EVENT_NAME_INVALID", `An event name must be a non-empty string, got ${typeof name}.`, {
      hint: 'Use a name like "issues" or "issues.opened".',
    });
  }
  if (name === "*") throw new AppError("EVENT_NAME_INVALID", 'Use app.onAny(handler) instead of app.on("*").');
  if (name === "error")
    throw new AppError("EVENT_NAME_INVALID", 'Use app.onError(handler) instead of app.on("error").');
  const dot = name.indexOf(".");
  const event = dot === -1 ? name : name.slice(0, dot);
  const action = dot === -1 ? undefined : name.slice(dot + 1);
  // Actions are free text for some events (repository_dispatch's event_type).
  if (!EVENT_NAME.test(event) || (action !== undefined && !ACTION.test(action))) {
    throw new AppError("EVENT_NAME_INVALID", `"${name}" is not an event name.`, {
      hint: 'Event names look like "issues" or "issues.opened": a lower-case event, then optionally a dot and the action.',
    });
  }
  if (!KNOWN_NAMES.has(name) && !warned.has(name)) {
    warned.add(name);
    log.warn(`"${name}" is not a known webhook event name; its handler runs only if the platform sends it.`);
  }
  return name;
}
