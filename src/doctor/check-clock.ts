import { describeFailure, NEEDS_CREDENTIALS } from "./describe-failure.js";
import type { CheckResult, DoctorSetup } from "./types.js";

const ID = "clock";
const WARN_SECONDS = 10;
// Past this the platform refuses JWTs until `app run` has adopted its clock.
const FAIL_SECONDS = 60;
const FIX = "Synchronise this machine's clock (NTP), e.g. `timedatectl set-ntp true` or your system's time settings.";

export async function checkClock({ probe }: DoctorSetup): Promise<CheckResult> {
  if (!probe)
    return { id: ID, status: "warn", message: "Not checked: it needs the app's credentials.", fix: NEEDS_CREDENTIALS };
  let date: string | null;
  let midpoint: number;
  try {
    const { first } = await probe.getApp();
    date = first.date;
    midpoint = (first.sentAt + first.receivedAt) / 2;
  } catch (error) {
    return {
      id: ID,
      status: "warn",
      message: `Not checked: the platform could not be reached (${describeFailure(error)}).`,
      fix: FIX,
    };
  }
  const platformMs = date === null ? Number.NaN : Date.parse(date);
  if (Number.isNaN(platformMs))
    return { id: ID, status: "warn", message: "Not checked: the platform's answer has no Date header." };
  // The header drops the milliseconds: its second started up to 1 s before.
  const skew = Math.round((platformMs + 500 - midpoint) / 1000);
  const size = Math.abs(skew);
  const where = `${size} s ${skew > 0 ? "behind" : "ahead of"} the platform's`;
  if (size < WARN_SECONDS)
    return { id: ID, status: "ok", message: `The clock agrees with the platform's (${skew === 0 ? "0 s" : where}).` };
  return {
    id: ID,
    status: size < FAIL_SECONDS ? "warn" : "fail",
    message: `The clock is ${where}${size < FAIL_SECONDS ? "" : ": the platform refuses app JWTs until the app adopts its clock"}.`,
    fix: FIX,
  };
}
