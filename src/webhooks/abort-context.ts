/** A symbol, so the router can call it without importing `Context` from the layer above. */
export const ABORT_CONTEXT: unique symbol = Symbol("gh-app-kit.abortContext");

type Abortable = { [ABORT_CONTEXT]: (reason: unknown) => void };

export function abortContext(context: unknown, reason: unknown): void {
  if (typeof context === "object" && context !== null && typeof (context as Abortable)[ABORT_CONTEXT] === "function") {
    (context as Abortable)[ABORT_CONTEXT](reason);
  }
}
