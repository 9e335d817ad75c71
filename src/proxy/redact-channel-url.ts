/**
 * The channel address as it may be logged: anyone who knows the full address
 * can read the deliveries, so only the origin is kept.
 */
export function redactChannelUrl(url: string): string {
  try {
    return `${new URL(url).origin}/***`;
  } catch {
    return "***";
  }
}
