/** Anyone who knows the full address can read the deliveries. */
export function redactChannelUrl(url: string): string {
  try {
    return `${new URL(url).origin}/***`;
  } catch {
    return "***";
  }
}
