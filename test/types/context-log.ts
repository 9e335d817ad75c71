// Compile-only: checked by `tsc -p test`. Probot 10 to 12 typed `context.log` as the callable
// `DeprecatedLogger` (`context.log("Repo: %s", name)` logs at info), and apps of that time call it so.
import type { Context, DeprecatedLogger, Logger } from "gh-app-kit";

declare const context: Context<"pull_request">;
declare const logger: Logger;
context.log("Repo: %s", context.payload.repository.full_name);
context.log({ id: 1 }, "Loaded config");
export const read: DeprecatedLogger = context.log;
context.log.child({ step: "approve" })("approving");
// Writable with any Logger, as on Probot.
context.log = logger;
context.log = context.log.child({ name: "x" });
// @ts-expect-error a logger is an object with the log methods
context.log = "info";
