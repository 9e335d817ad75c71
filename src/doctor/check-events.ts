import { Hono } from "hono";
import { App } from "../create-app.js";
import { findUnsubscribedEvents } from "../check-event-subscriptions.js";
import { isAppError } from "../errors.js";
import { describeFailure, NEEDS_CREDENTIALS } from "./describe-failure.js";
import type { CheckResult, DoctorSetup } from "./types.js";

const ID = "events";

/** The apps load into an App that only records handlers: no server starts, no handler runs. */
export async function checkEvents(setup: DoctorSetup): Promise<CheckResult> {
  let handled: string[];
  try {
    handled = await recordHandledEvents(setup);
  } catch (error) {
    return {
      id: ID,
      status: "fail",
      message: `The apps could not be loaded: ${describeFailure(error)}.`,
      fix: isAppError(error) && error.hint ? error.hint : "Run `npx app run` with the same arguments to see the error.",
    };
  }
  if (handled.length === 0) {
    return {
      id: ID,
      status: "warn",
      message: "The apps register no handler with app.on().",
      fix: "Pass your app to `npx app doctor` as to `npx app run`, e.g. `npx app doctor ./index.js`.",
    };
  }
  if (!setup.probe)
    return {
      id: ID,
      status: "warn",
      message: "Not checked against the registration: it needs the app's credentials.",
      fix: NEEDS_CREDENTIALS,
    };
  let data: { events?: unknown; html_url?: unknown } | null;
  try {
    const { answer } = await setup.probe.getApp();
    data = answer.status === 200 ? (answer.data as typeof data) : null;
  } catch {
    data = null;
  }
  if (!Array.isArray(data?.events)) {
    return {
      id: ID,
      status: "warn",
      message: "Not checked: the app's registration (GET /app) could not be read.",
      fix: "Fix the key check first.",
    };
  }
  const missing = findUnsubscribedEvents(handled, data.events as string[]);
  const names = [...new Set(handled.map((name) => name.split(".")[0]!))].join(", ");
  if (missing.length === 0)
    return { id: ID, status: "ok", message: `The app is subscribed to every event its handlers need (${names}).` };
  return {
    id: ID,
    status: "fail",
    message: `The apps handle ${missing.join(", ")}, but the app is not subscribed to ${missing.length === 1 ? "it" : "them"}: the platform never sends ${missing.length === 1 ? "it" : "them"}.`,
    fix: "Subscribe to them in the app's settings (Permissions & events → Subscribe to events), granting the permissions they need.",
  };
}

async function recordHandledEvents(setup: DoctorSetup): Promise<string[]> {
  const appFns = await setup.loadApps();
  const recorder = new App({ log: setup.options.log });
  await recorder.load(appFns, { getRouter: () => new Hono() });
  return recorder.webhooks.router.eventNames();
}
