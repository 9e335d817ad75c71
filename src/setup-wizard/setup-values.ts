import { randomBytes } from "node:crypto";
import { validateAppId, validateOptionalHttpUrl, validateSecret } from "./validate-setup-value.js";

export type SetupKey = "PROJECT_DOMAIN" | "APP_ID" | "WEBHOOK_SECRET" | "WEBHOOK_PROXY_URL";

/** One value `app setup` writes to .env: where it comes from and how it is checked. */
export type SetupValueSpec = {
  key: SetupKey;
  /** The flag that gives it without a question. */
  flag: string;
  message: string;
  /** The default offered, from the environment or made up; undefined when there is none. */
  suggest(env: NodeJS.ProcessEnv): string | undefined;
  /** Optional values may stay empty; they are then not written. */
  required: boolean;
  validate(value: string): true | string;
};

/** In the order they are asked. */
export const SETUP_VALUES: readonly SetupValueSpec[] = [
  {
    key: "PROJECT_DOMAIN",
    flag: "--domain",
    message: "Public address of the app (PROJECT_DOMAIN; empty for http://localhost:<port>)",
    // Not written unless given: the server then shows http://localhost:<the port it really listens on>.
    suggest: () => undefined,
    required: false,
    validate: validateOptionalHttpUrl,
  },
  {
    key: "APP_ID",
    flag: "--app-id",
    message: "App ID (on the app's settings page)",
    suggest: () => undefined,
    required: true,
    validate: validateAppId,
  },
  {
    key: "WEBHOOK_SECRET",
    flag: "--secret",
    message: "Webhook secret (enter the same one in the app's settings)",
    // 32 random bytes: as strong as the HMAC-SHA256 key behind the signature.
    suggest: () => randomBytes(32).toString("hex"),
    required: true,
    validate: validateSecret,
  },
  {
    key: "WEBHOOK_PROXY_URL",
    flag: "--webhook-proxy",
    message: "Webhook proxy URL from https://smee.io/new (empty for none)",
    suggest: () => undefined,
    required: false,
    validate: validateOptionalHttpUrl,
  },
];
