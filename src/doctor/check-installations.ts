import { isAppError } from "../errors.js";
import { describeFailure, NEEDS_CREDENTIALS } from "./describe-failure.js";
import type { CheckResult, DoctorSetup } from "./types.js";

const ID = "installations";

type Installation = { id?: unknown; account?: { login?: unknown } | null };

/** A token is created for the first installation, and never shown. */
export async function checkInstallations({ app, probe, tokens: given }: DoctorSetup): Promise<CheckResult> {
  const tokens = given ?? app?.state.tokens;
  if (!probe || !tokens)
    return { id: ID, status: "warn", message: "Not checked: it needs the app's credentials.", fix: NEEDS_CREDENTIALS };
  let status: number;
  let list: Installation[];
  let total: number | undefined;
  try {
    const [answer, meta] = await Promise.all([probe.get("/app/installations?per_page=100"), probe.getApp()]);
    status = answer.status;
    list = Array.isArray(answer.data) ? (answer.data as Installation[]) : [];
    const count = (meta.answer.data as { installations_count?: unknown } | null)?.installations_count;
    total = typeof count === "number" ? count : undefined;
  } catch (error) {
    return {
      id: ID,
      status: "warn",
      message: `Not checked: the platform could not be reached (${describeFailure(error)}).`,
    };
  }
  if (status !== 200)
    return {
      id: ID,
      status: "warn",
      message: `Not checked: GET /app/installations answered ${status}.`,
      fix: "Fix the key check first.",
    };
  const count = total ?? list.length;
  const first = list.find((installation) => typeof installation.id === "number");
  if (!first) {
    return {
      id: ID,
      status: "warn",
      message: "The app has no installation, so it receives no delivery.",
      fix: "Install it on an account or repository: the app's public page → Install.",
    };
  }
  const id = first.id as number;
  const account = typeof first.account?.login === "string" ? ` (${first.account.login})` : "";
  try {
    await tokens.getInstallationToken(id);
  } catch (error) {
    return {
      id: ID,
      status: "fail",
      message: `${plural(count)}, but no token could be created for installation ${id}${account}: ${describeFailure(error)}.`,
      fix: isAppError(error) && error.hint ? error.hint : "Try again later; the platform may be unavailable.",
    };
  }
  return { id: ID, status: "ok", message: `${plural(count)}; a token was created for installation ${id}${account}.` };
}

function plural(count: number): string {
  return count === 1 ? "1 installation" : `${count} installations`;
}
