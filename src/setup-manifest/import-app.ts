import { isAppError } from "../errors.js";
import { validatePrivateKey } from "../private-key/validate-private-key.js";
import { forbidden } from "./finish-manifest-flow.js";
import type { FlowOptions, FlowOutcome } from "./flow-types.js";
import { readForm } from "./read-form.js";
import { describeExisting, readExistingCredentials } from "./read-existing-credentials.js";
import { renderImportPageHtml } from "./views/render-import-page.js";
import { renderMessagePageHtml } from "./views/render-message-page.js";
import { writeCredentials } from "./write-credentials.js";

const RETRY = { href: "/app/import", text: "Try again" };

/** What to do in this form: the key's hints elsewhere speak of flags, variables, .env and openssl. */
const FORM_KEY_HINT =
  "Paste the whole contents of the .pem file GitHub gave you, from its -----BEGIN line to its -----END line; " +
  "if you no longer have it, generate a new private key in the app's settings.";

function formHint(hint: string | undefined): string {
  return hint && !/PRIVATE_KEY|--|openssl|\.env\b|`/.test(hint) ? hint : FORM_KEY_HINT;
}

/** A refused form comes back without the secret or key typed. */
export async function importApp(options: FlowOptions & { request: Request }): Promise<FlowOutcome> {
  const { request, tokens, log, envPath } = options;
  const form = await readForm(request);
  if (form === 413) {
    return { status: 413, page: renderMessagePageHtml("Form too large", "The form is larger than 64 KiB.", RETRY) };
  }
  if (form === 415 || !tokens.consume(form.get("state"), "import")) {
    log.warn("Refused an import form without a valid state: it did not come from this server's import page.");
    return forbidden(RETRY);
  }
  const appId = (form.get("appId") ?? "").trim();
  const existing = await readExistingCredentials(envPath);
  const held = existing.names.length > 0 ? describeExisting(existing, envPath) : undefined;
  const again = (error: string): FlowOutcome => ({
    status: 400,
    page: renderImportPageHtml({ state: tokens.issue("import"), envPath, error, appId, existing: held }),
  });
  if (!/^[1-9]\d{0,15}$/.test(appId)) return again("The App ID is a whole number, shown on the app's settings page.");
  const webhookSecret = form.get("webhookSecret") ?? "";
  if (webhookSecret.trim() === "") return again("Enter the webhook secret set in the app's settings.");
  let privateKey: string;
  try {
    privateKey = validatePrivateKey(form.get("privateKey") ?? "", "The private key");
  } catch (error) {
    if (!isAppError(error)) throw error;
    return again(`${error.message} ${formHint(error.hint)}`);
  }
  if (held !== undefined && form.get("replace") !== "yes") {
    log.warn(`Did not replace the credentials in ${envPath}: the import form did not confirm it.`);
    return again(`${held} Tick "Replace them" to overwrite them, or keep them and restart the server.`);
  }
  try {
    const names = await writeCredentials(envPath, {
      appId,
      privateKey,
      webhookSecret,
      webhookProxyUrl: options.webhookProxy,
    });
    log.info(`Saved ${names.join(", ")} of app ${appId} to ${envPath}. Restart the server to run the app.`);
  } catch (error) {
    log.error({ err: error }, `The credentials could not be saved to ${envPath}`);
    const message = `The credentials could not be saved to ${envPath}: ${isAppError(error) ? error.message : "the file cannot be written"}.`;
    return { status: 500, page: renderMessagePageHtml("Import failed", message, RETRY) };
  }
  return { app: {} };
}
