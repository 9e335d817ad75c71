import { AppError } from "../errors.js";

/** The longest window: the platform keeps deliveries for 3 days. */
export const MAX_REDELIVER_WINDOW_MS = 3 * 24 * 3_600_000;

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(text: string, name: string): number {
  const parts = /^(?:\d+[smhd])+$/.test(text.trim()) ? [...text.trim().matchAll(/(\d+)([smhd])/g)] : [];
  const ms = parts.reduce((total, [, amount, unit]) => total + Number(amount) * UNITS[unit!]!, 0);
  if (parts.length === 0 || ms <= 0) {
    throw new AppError("OPTION_INVALID", `${name} must be a duration such as 30m, 24h or 3d, got "${text}".`, {
      hint: "Use a number followed by s, m, h or d (seconds, minutes, hours, days).",
    });
  }
  return ms;
}
