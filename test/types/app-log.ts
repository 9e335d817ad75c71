// Compile-only: checked by `tsc -p test`. Probot 12 to 14 apps replace the app's logger in their
// tests, as Probot's writable `log: Logger` allows; reading it still gives the callable logger.
import { App, type DeprecatedLogger, type Logger } from "gh-app-kit";

declare const app: App;
declare const logger: Logger;
app.log = { info: () => undefined, error: () => undefined } as unknown as Logger;
app.log = logger;
app.log = app.log.child({ name: "x" });
export const read: DeprecatedLogger = app.log;
app.log("the earlier shape calls it");
// @ts-expect-error a logger is an object with the log methods
app.log = "info";

// Probot 7 to 9's bunyan logger (`LoggerWithTarget`, `(...params: any[]) => void`) and Probot 10 to 12's
// pino 6 (`(msg: string, ...args: any[])`) took a message and then any values; apps of theirs log so
// (`log.info(\`merged #${pr}\`, { sha })`). pino 10 checks the values against the message's placeholders.
app.log.info(`merged #${1}`, { sha: "abc" });
app.log.error("failed", { error: "boom", status: 500 });
app.log.child({ name: "x" }).warn("slow", 1, true);
app.log("merged", { sha: "abc" });
// The logger of getLog() keeps pino's own check.
// @ts-expect-error no placeholder in the message for the value after it
logger.info("merged", { sha: "abc" });
