// Compile-only: checked by `tsc -p test` (npm test's pretest). The lines
// under an expect-error directive must fail to compile; the rest must compile.
import {
  App,
  createApp,
  RequestError,
  GraphqlResponseError,
  type AdditionalOptions,
  type AppOptions,
  type ApplicationFunction,
  type ApplicationFunctionOptions,
  type AppsGetAuthenticatedResponse,
  type AppWebhooks,
  type Constructor,
  type CreateAppOptions,
  type DeprecatedKey,
  type DeprecatedLogger,
  type FactoryOptions,
  type GetLogOptions,
  type Logger,
  type LogLevel,
  type MergeOptions,
  type MiddlewareOptions,
  type OnCallback,
  type Options,
  type Parameters,
  type ReposGetContentsParams,
  type Resolver,
  type State,
} from "gh-app-kit";

export type AllNamed = [
  AdditionalOptions,
  AppOptions,
  ApplicationFunction,
  ApplicationFunctionOptions,
  AppsGetAuthenticatedResponse,
  AppWebhooks,
  Constructor<App>,
  CreateAppOptions,
  DeprecatedKey,
  DeprecatedLogger,
  FactoryOptions,
  GetLogOptions,
  Logger,
  LogLevel,
  MergeOptions,
  MiddlewareOptions,
  OnCallback<"issues.opened">,
  Options,
  Parameters,
  ReposGetContentsParams,
  Resolver,
  State,
];

const app: App = createApp({ env: {} });

app.on("issues.opened", async (context) => {
  const number: number = context.payload.issue.number;
  const title: string = context.payload.issue.title;
  await context.client.issues.createComment(context.issue({ body: `#${number} ${title}` }));
});

// @ts-expect-error a misspelt event name is rejected
app.on("issues.opend", async () => undefined);

app.on(["issues.opened", "pull_request.closed"], async (context) => {
  // @ts-expect-error the payload is a union: `issue` is not on every member
  void context.payload.issue.number;
});

// @ts-expect-error DeprecatedKey has only the seven keys
export const wrongKey: DeprecatedKey = "webhooks";

export const options: AppOptions = { appId: 1, privateKey: "", secret: "s", webhookPath: "/hooks", logLevel: "debug" };
// @ts-expect-error logLevel is one of the six levels
export const badLevel: AppOptions = { logLevel: "loud" };

export const appFn: ApplicationFunction = ({ app: loaded, getRouter }) => {
  getRouter("/my-app").get("/hello", (c) => c.text("hi"));
  loaded.log("loaded");
};

// RequestError narrows what the client rejects with, and is made as @octokit/request-error 2 to 7 made it.
export async function statusOf(client: Awaited<ReturnType<App["auth"]>>): Promise<number> {
  try {
    await client.repos.get({ owner: "o", repo: "r" });
    return 200;
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    const headers: Record<string, unknown> = error.headers;
    void headers;
    const code: number = error.code;
    return error.status + code * 0;
  }
}
export const made = new RequestError("Not Found", 404, {
  request: { method: "GET", url: "https://api.github.com/x", headers: {} },
  headers: { etag: '"a"' },
});
// @ts-expect-error a request is required, as in every version
export const noRequest = new RequestError("Not Found", 404, {});
export async function graphqlErrors(client: Awaited<ReturnType<App["auth"]>>): Promise<number> {
  try {
    await client.graphql("query { viewer { login } }");
    return 0;
  } catch (error) {
    if (!(error instanceof GraphqlResponseError)) throw error;
    return error.errors?.length ?? 0;
  }
}
