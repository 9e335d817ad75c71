// "#smee-client" in a Workers bundle: the proxy relays deliveries to a local port, which a Worker has not.
import { unavailableClass } from "./unavailable.js";

export default unavailableClass(
  "The webhook proxy (WEBHOOK_PROXY_URL)",
  "Leave WEBHOOK_PROXY_URL out of the Worker's settings: GitHub can reach a Worker's address itself.",
);
