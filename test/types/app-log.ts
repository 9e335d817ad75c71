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
