import type { Logger } from "../log/get-log.js";
import type { ClientCredentials as State } from "./client-credentials.js";
import type { AppClient } from "./app-client.js";
import type { AppAuth } from "./auth/auth-strategy.js";
import { createClientWithAuth } from "./get-authenticated-client.js";

/** The client of one event: its installation's, tagged with the delivery id. */
export function createEventClient(
  state: State,
  event: { id: string; name: string; payload: unknown },
  log: Logger,
): AppClient {
  // Its requests leave at once with throttling off, as a handler's did on Probot 10 to 12 (later-turn.ts).
  const client = createClientWithAuth(state, eventAuth(state, event), log, { laterTurn: false });
  // A Context's signal aborts when its handlers are abandoned; so do its requests.
  const signal = (event as { signal?: AbortSignal }).signal;
  // A test double given as `Client` may have no hooks, or answer every member (a replaying Proxy, whose
  // hook.before would be taken for an API call): Probot never added any after construction either. Only a
  // client its constructor made (not another object it returned) gets the delivery's hook.
  if (typeof client.hook?.before !== "function" || !(client instanceof state.Client)) return client;
  client.hook.before("request", (options) => {
    if (event.id !== undefined) options.headers["x-github-delivery"] = event.id;
    if (signal && options.request && options.request.signal === undefined) options.request.signal = signal;
  });
  return client;
}

function eventAuth(state: State, { name, payload }: { name: string; payload: unknown }): AppAuth {
  const { installation, action } = (payload ?? {}) as { installation?: { id?: unknown }; action?: unknown };
  const installationId = installation?.id;
  if (name === "installation" && (action === "deleted" || action === "suspend")) {
    return {
      type: "unauthenticated",
      reason: `the installation was ${action === "deleted" ? "deleted" : "suspended"}, so the platform issues no token for it`,
    };
  }
  if (state.tokens && typeof installationId === "number") {
    return { type: "installation", installationId, tokens: state.tokens };
  }
  if (state.platformToken) return { type: "token", token: state.platformToken };
  if (typeof installationId !== "number") {
    return { type: "unauthenticated", reason: `the "${name}" event has no installation to act for` };
  }
  return {
    type: "unauthenticated",
    reason: "no credentials are set: set APP_ID and PRIVATE_KEY (or GITHUB_TOKEN)",
  };
}
