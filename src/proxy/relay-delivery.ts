import type { Logger } from "../log/get-log.js";
import { forwardDelivery } from "./forward-delivery.js";
import { parseRelayedDelivery } from "./parse-relayed-delivery.js";

export type RelayDeliveryOptions = {
  /** The channel as logged: `https://smee.io/***`. */
  channel: string;
  /** The local webhook route. */
  target: URL;
  fetch: typeof fetch;
  log: Pick<Logger, "debug" | "warn">;
};

/**
 * Posts one message of the relay's stream to the local webhook route and logs
 * what became of it. Undefined when the message is not a webhook delivery
 * (logged and skipped); else the post, which never rejects.
 *
 * @example
 * const posting = relayDelivery(String(message.data), { channel, target, fetch, log });
 */
export function relayDelivery(
  data: string,
  { channel, target, fetch, log }: RelayDeliveryOptions,
): Promise<void> | undefined {
  const delivery = parseRelayedDelivery(data);
  if (!delivery) {
    log.warn(`Webhook proxy received a message from ${channel} that is not a webhook delivery; skipped it.`);
    return undefined;
  }
  const what = `delivery ${printable(delivery.headers["x-github-delivery"] ?? "without id")} (${printable(delivery.headers["x-github-event"] ?? "no event")})`;
  for (const name of delivery.invalidHeaders) {
    log.warn(
      `Webhook proxy left header "${printable(name).slice(0, 60)}" out of ${what}: its name or value cannot be sent in HTTP (a line break or another control character).`,
    );
  }
  return forwardDelivery(delivery, target, fetch).then(
    (status) => {
      if (status < 300)
        log.debug(
          `Webhook proxy relayed ${what}: ${status}${delivery.exact ? "" : " (body serialised again from JSON)"}`,
        );
      else if (status === 400 && !delivery.exact) {
        log.warn(
          `Webhook proxy relayed ${what}, and the app answered 400: the relay sent the body as parsed JSON without its raw text, ` +
            "so it was serialised again and may no longer match its signature. Use a relay that forwards the raw body (rawBody).",
        );
      } else log.warn(`Webhook proxy relayed ${what}, and the app answered ${status}.`);
    },
    (error: unknown) =>
      log.warn(
        `Webhook proxy could not post ${what} to ${target.href} (${printable(describeFailure(error))}): is the server running?`,
      ),
  );
}

/** "fetch failed (ECONNREFUSED)": the cause says what actually went wrong. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = cause?.code ?? cause?.message;
  return typeof detail === "string" ? `${error.message} (${detail})` : error.message;
}

/** Relayed values are anyone's input: one line, bounded, no control characters. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, 200);
}
