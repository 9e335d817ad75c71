import { updateEnvFile } from "../env-file/update-env-file.js";
import { registerSecret } from "../log/secrets.js";

export type Credentials = {
  appId: number | string;
  privateKey: string;
  webhookSecret?: string | null | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  webhookProxyUrl?: string | undefined;
};

/** The secrets join the log scrubber's list first, so no later line can print them. */
export async function writeCredentials(path: string, credentials: Credentials): Promise<string[]> {
  const { appId, privateKey, webhookSecret, clientId, clientSecret, webhookProxyUrl } = credentials;
  registerSecret(webhookSecret);
  registerSecret(clientSecret);
  const values: Record<string, string> = { APP_ID: String(appId), PRIVATE_KEY: privateKey };
  if (webhookSecret) values.WEBHOOK_SECRET = webhookSecret;
  if (clientId) values.GITHUB_CLIENT_ID = clientId;
  if (clientSecret) values.GITHUB_CLIENT_SECRET = clientSecret;
  if (webhookProxyUrl) values.WEBHOOK_PROXY_URL = webhookProxyUrl;
  await updateEnvFile(path, values);
  return Object.keys(values);
}
