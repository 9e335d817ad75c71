import { DEVELOPMENT_SECRET } from "../create-app.js";
import { isProduction } from "../helpers/is-production.js";
import type { CheckResult, DoctorSetup } from "./types.js";
import { SECRET_IS_URL, secretIsUrl } from "../webhooks/secret-is-url.js";

const ID = "secret";
const FIX =
  "Set WEBHOOK_SECRET to the webhook secret of the app's settings (Webhook → Secret); generate a long random one there if it has none.";

/** The development secret is public: anyone can forge deliveries with it. */
export async function checkSecret({ options, env }: DoctorSetup): Promise<CheckResult> {
  const secret = options.secret;
  if (!secret) {
    return {
      id: ID,
      status: "fail",
      message: "No webhook secret is set: deliveries signed by the platform cannot be verified.",
      fix: FIX,
    };
  }
  if (secret === DEVELOPMENT_SECRET) {
    return {
      id: ID,
      status: isProduction(env) ? "fail" : "warn",
      message: `The webhook secret is "${DEVELOPMENT_SECRET}", the development one: anyone can forge deliveries with it.`,
      fix: FIX,
    };
  }
  if (secretIsUrl(secret)) return { id: ID, status: "warn", message: SECRET_IS_URL, fix: FIX };
  return { id: ID, status: "ok", message: "A webhook secret is set." };
}
