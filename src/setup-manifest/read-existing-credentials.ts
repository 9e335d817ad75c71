import { readFile } from "node:fs/promises";
import { parse } from "dotenv";

/** The names the setup flow writes whose loss would lock the owner out of an app. */
const CREDENTIAL_NAMES = [
  "APP_ID",
  "PRIVATE_KEY",
  "WEBHOOK_SECRET",
  "GITHUB_CLIENT_ID",
  "GITHUB_CLIENT_SECRET",
] as const;

export type ExistingCredentials = {
  /** Credential names set (non-empty) in the file. */
  names: string[];
  /** The app id in the file, when set: not a secret, shown so the owner knows what would be replaced. */
  appId: string | undefined;
};

export async function readExistingCredentials(path: string): Promise<ExistingCredentials> {
  const text = await readFile(path, "utf8").catch(() => "");
  const values = parse(text);
  const names = CREDENTIAL_NAMES.filter((name) => (values[name] ?? "").trim() !== "");
  return { names, appId: values.APP_ID?.trim() || undefined };
}

export function describeExisting(existing: ExistingCredentials, envPath: string): string {
  const app = existing.appId ? ` of app ${existing.appId}` : "";
  return `${envPath} already holds credentials${app} (${existing.names.join(", ")}).`;
}
