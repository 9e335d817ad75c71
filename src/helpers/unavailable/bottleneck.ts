// "#bottleneck" in a Workers bundle: the Redis-capable build of Bottleneck, used only with Redis.
import { unavailableClass } from "./unavailable.js";

export default unavailableClass(
  "Throttling shared through Redis",
  "Leave the Redis settings out of the Worker: each request of a Worker throttles on its own.",
);
