// "#older-names" in a Workers bundle: Probot 7 and 8's client method names (34 KB of source) are
// left out there. Apps that old ran on a Node server; on a Worker the client has today's names.
import type { OlderNames } from "../../client/catalogue/types.js";

export function olderNames(): OlderNames {
  return {};
}
