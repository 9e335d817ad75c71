import { escapeHtml } from "../views/escape-html.js";
import { registerSecret } from "../log/secrets.js";
import type { FlowOptions, FlowOutcome } from "./flow-types.js";
import { forbidden } from "./finish-manifest-flow.js";
import { readForm } from "./read-form.js";
import { describeExisting, readExistingCredentials } from "./read-existing-credentials.js";
import { renderSetupLayout } from "./views/render-setup-layout.js";
import { writeCredentials, type Credentials } from "./write-credentials.js";

type App = { name?: string | undefined; htmlUrl?: string | undefined };

/** Registrations waiting for the owner's word; a handful at most, each behind a one-time token. */
const MAX_PENDING = 5;

export function createOverwriteConfirmation(flow: FlowOptions) {
  const pending = new Map<string, { credentials: Credentials; app: App }>();
  return {
    async hold(credentials: Credentials, app: App): Promise<FlowOutcome | undefined> {
      const existing = await readExistingCredentials(flow.envPath);
      if (existing.names.length === 0) return undefined;
      registerSecret(credentials.webhookSecret);
      registerSecret(credentials.clientSecret);
      const state = flow.tokens.issue("confirm");
      pending.set(state, { credentials, app });
      for (const key of pending.keys()) if (pending.size > MAX_PENDING) pending.delete(key);
      const body = `<p class="description">The GitHub App "${escapeHtml(app.name ?? String(credentials.appId))}" (id ${escapeHtml(String(credentials.appId))})
was registered. ${escapeHtml(describeExisting(existing, flow.envPath))}</p>
<form action="/app/setup/confirm" method="post">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label class="confirm"><input type="checkbox" name="replace" value="yes" required> Replace them with the new app's credentials</label>
<button type="submit">Save credentials</button>
</form>`;
      return {
        status: 200,
        page: renderSetupLayout({ title: "Replace the saved credentials?", body, formAction: ["'self'"] }),
      };
    },

    /** `POST /app/setup/confirm`: writes the held credentials once the box was ticked. */
    async confirm(request: Request): Promise<FlowOutcome> {
      const form = await readForm(request);
      const state = typeof form === "number" ? null : form.get("state");
      const held = state ? pending.get(state) : undefined;
      if (
        typeof form === "number" ||
        !held ||
        !flow.tokens.consume(state, "confirm") ||
        form.get("replace") !== "yes"
      ) {
        return forbidden();
      }
      pending.delete(state!);
      const names = await writeCredentials(flow.envPath, held.credentials);
      flow.log.info(
        `Replaced the credentials in ${flow.envPath} with ${names.join(", ")} of app ${held.credentials.appId}. Restart the server to run the app.`,
      );
      return { app: held.app };
    },
  };
}
