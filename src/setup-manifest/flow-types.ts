import type { Logger } from "../log/get-log.js";
import type { RenderedPage } from "../views/render-page.js";
import type { StateTokens } from "./state-tokens.js";
import type { Credentials } from "./write-credentials.js";

/** What the two ways of getting credentials (register, import) share. */
export type FlowOptions = {
  log: Pick<Logger, "info" | "warn" | "error">;
  envPath: string;
  tokens: StateTokens;
  baseUrl?: string | undefined;
  webhookProxy?: string | undefined;
  /**
   * Called before credentials are written: a page to answer with instead
   * (asking to confirm that existing ones be replaced), or undefined to write.
   */
  hold?:
    | ((
        credentials: Credentials,
        app: { name?: string | undefined; htmlUrl?: string | undefined },
      ) => Promise<FlowOutcome | undefined>)
    | undefined;
};

/** The app whose credentials were saved, or the page to answer with instead. */
export type FlowOutcome =
  | { app: { name?: string | undefined; htmlUrl?: string | undefined } }
  | { page: RenderedPage; status: 200 | 400 | 403 | 413 | 500 | 502 };
