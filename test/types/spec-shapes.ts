// Compile-only: checked by `tsc -p test` (npm test's pretest). The lines
// under an expect-error directive must fail to compile; the rest must compile.
// The option and state types as the specification gives them (both shapes).
import { Webhooks, type EmitterWebhookEvent } from "@octokit/webhooks";
import pino from "pino";
import {
  App,
  AppClient,
  createApp,
  type AppWebhooks,
  type Context,
  type CreateAppOptions,
  type GetLogOptions,
  type Options,
  type State,
  type TokenCache,
} from "gh-app-kit";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

declare const cache: TokenCache;
const log = pino({ level: "silent" });

// Options (current shape): Client, cache and log are required; the earlier shape requires Client and cache.
export const optionsRequired: Equal<RequiredKeys<Options>, "Client" | "cache" | "log"> = true;
export const full: Options = { Client: AppClient, cache, log, appId: 1, privateKey: "key" };
// @ts-expect-error Options without Client, cache and log is not the spec's Options
export const partial: Options = { appId: 1, privateKey: "key" };
// new App and createApp take any part of it, and fill in the rest, as Probot apps construct them.
export const probotStyle: App = new App({ appId: 1, privateKey: "key" });
export const created: App = createApp({ overrides: { appId: 1 }, env: {} });
export const plain: App = createApp({ appId: 1, privateKey: "key" });
export const layered: CreateAppOptions = { defaults: { logLevel: "debug" }, overrides: { secret: "s" } };

// State: the current shape's required fields, plus the earlier shape's throttleOptions; id beside appId.
export const stateRequired: Equal<
  RequiredKeys<State>,
  "Client" | "log" | "client" | "throttleOptions" | "webhooks"
> = true;
export const stateId: Equal<State["id"], number | undefined> = true;

// AppWebhooks (current shape): Webhooks over WebhookEvent with a context lacking the WebhookEvent keys.
type ContextWithoutEvent = Omit<Context, keyof EmitterWebhookEvent>;
export const currentShape: Equal<AppWebhooks, AppWebhooks<ContextWithoutEvent>> = true;
export const appWebhooks: AppWebhooks = probotStyle.webhooks;
export const asWebhooks: Webhooks<ContextWithoutEvent> = probotStyle.webhooks;
probotStyle.webhooks.on("issues.opened", async (context) => {
  const number: number = context.payload.issue.number;
  await context.client.issues.createComment(context.issue({ body: `#${number}` }));
});
// The earlier shape: Webhooks over Context.
declare const earlier: AppWebhooks<Context>;
export const earlierShape: Webhooks<Context> = earlier;

// Options.webhooks takes an @octokit/webhooks instance.
export const adopted: App = new App({ webhooks: new Webhooks({ secret: "s" }) });

// GetLogOptions: the log-related Options fields, plus level.
export const logFormat: Equal<GetLogOptions["logFormat"], Options["logFormat"]> = true;
export const logLevelInString: Equal<GetLogOptions["logLevelInString"], Options["logLevelInString"]> = true;
export const logMessageKey: Equal<GetLogOptions["logMessageKey"], Options["logMessageKey"]> = true;
export const sentryDsn: Equal<GetLogOptions["sentryDsn"], Options["sentryDsn"]> = true;
export const level: Equal<GetLogOptions["level"], Options["logLevel"]> = true;
// @ts-expect-error the level is `level` in GetLogOptions, not `logLevel`
export const misnamed: GetLogOptions = { logLevel: "debug" };
