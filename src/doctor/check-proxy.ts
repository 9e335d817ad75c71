import { validateProxyOptions } from "../proxy/validate-proxy-options.js";
import { isAppError } from "../errors.js";
import { describeFailure, failureSentence } from "./describe-failure.js";
import type { CheckResult, DoctorSetup } from "./types.js";

const ID = "proxy";
const TIMEOUT_MS = 5000;

/** The channel's address is a secret (anyone who has it reads the deliveries): only its origin is shown. */
export async function checkProxy({ options }: DoctorSetup): Promise<CheckResult | undefined> {
  const url = options.webhookProxy;
  if (!url) return undefined;
  let channel: string;
  try {
    ({ channel } = validateProxyOptions({ url, port: 3000, path: "/" }));
  } catch (error) {
    return { id: ID, status: "fail", message: failureSentence(error), fix: isAppError(error) ? error.hint : undefined };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(url, { headers: { accept: "text/event-stream" }, signal: controller.signal });
    const type = response.headers.get("content-type") ?? "";
    if (response.ok && type.startsWith("text/event-stream"))
      return { id: ID, status: "ok", message: `The webhook proxy ${channel} answers.` };
    return {
      id: ID,
      status: "fail",
      message:
        `The webhook proxy ${channel} answered ${response.status} ${type ? `(${type.split(";")[0]})` : ""}, not an event stream.`.replace(
          " ,",
          ",",
        ),
      fix: "Check WEBHOOK_PROXY_URL: it must be a channel address, e.g. from https://smee.io/new.",
    };
  } catch (error) {
    return {
      id: ID,
      status: "fail",
      message: `The webhook proxy ${channel} could not be reached: ${controller.signal.aborted ? "no answer" : describeFailure(error)}.`,
      fix: "Check the network and WEBHOOK_PROXY_URL; unset it when the platform can reach this server directly.",
    };
  } finally {
    clearTimeout(timer);
    // Only the headers were needed: close the stream.
    controller.abort();
  }
}
