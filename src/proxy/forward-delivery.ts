import type { RelayedDelivery } from "./parse-relayed-delivery.js";

const FORWARD_TIMEOUT_MS = 30000;

/** Byte for byte, so the signature still verifies. */
export async function forwardDelivery(
  delivery: RelayedDelivery,
  target: URL,
  fetchImpl: typeof fetch,
): Promise<number> {
  const url = new URL(target);
  for (const [key, value] of Object.entries(delivery.query)) url.searchParams.set(key, value);
  const response = await fetchImpl(url, {
    method: "POST",
    headers: delivery.headers,
    body: delivery.body,
    redirect: "manual",
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
  // Read the answer to the end so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}
