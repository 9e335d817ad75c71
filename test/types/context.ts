// Compile-only: checked by `tsc -p test` (npm test's pretest). The lines
// under an expect-error directive must fail to compile; the rest must compile.
import type { EmitterWebhookEvent, EmitterWebhookEventName } from "@octokit/webhooks";
import { App, Context, type RegistrationInfo, type RegistrationOptions } from "gh-app-kit";

declare const opened: Context<"pull_request.opened">;
declare const issues: Context<"issues">;

// Probot apps pass a narrower context to helpers typed for the whole event.
export function forPullRequests(context: Context<"pull_request">): number {
  return context.payload.pull_request.number;
}
export function forAnything(context: Context): string {
  return context.id;
}
forPullRequests(opened);
forAnything(opened);
forAnything(issues);
export const action: "opened" = opened.payload.action;

// Apps' tests declare `let context: Context` (no event named), build one, and hand it to handlers
// typed for an event (kentaro-m/auto-assign): Probot's `Context` was taken there, so is this one.
declare const bare: Context;
declare function forOpenedOrReady(context: Context<"pull_request.opened" | "pull_request.ready_for_review">): void;
forOpenedOrReady(bare);
forPullRequests(bare);
export const bareName: string = bare.name;

// A context type of the app's own, as rapidsai/ops-bot's: one event's name and payload over the
// rest of Context. Probot's Context has no private member, so this is one wherever a Context is asked.
type OwnContext<E extends EmitterWebhookEventName> = EmitterWebhookEvent<E> & Omit<Context, keyof EmitterWebhookEvent>;
declare const own: OwnContext<"pull_request">;
forAnything(own);
// Probot's handlers had the event's own name (`"pull_request"`), so a handler's context is one of those types.
declare function forOwn(context: OwnContext<"pull_request">): void;
app.on(["pull_request.opened", "pull_request.edited"], async (context) => {
  forOwn(context);
  const name: "pull_request" = context.name;
  void name;
});
forOwn(opened);
// @ts-expect-error an issues context is not a pull request one
forOwn(issues);
export class Plugin {
  constructor(public context: Context) {}
}
export class PullRequestPlugin extends Plugin {
  constructor(public override context: OwnContext<"pull_request">) {
    super(context);
  }
}

// @ts-expect-error an issues context is not a pull request context
forPullRequests(issues);
declare function forClosed(context: Context<"pull_request.closed">): void;
// @ts-expect-error opened is not closed
forClosed(opened);

// A list of names gives the union of their payloads, without a cast.
declare const app: App;
app.on(["issues.opened", "pull_request"], async (context) => {
  void context.payload.action;
});

// Probot's constructor, and instanceof, for apps' unit tests.
export const made: Context<"issues"> = new Context<"issues">(
  { id: "1", name: "issues", payload: {} },
  app.state.client,
  app.log,
);
export const isContext: boolean = (made as unknown) instanceof Context;

// Several registrations: handlers see which one, never its secret.
export const which: RegistrationInfo | undefined = issues.registration;
export const appIdOf: number | undefined = issues.registration?.appId;
// @ts-expect-error the registration a handler sees holds no secret
void issues.registration?.secret;
export const registered: RegistrationOptions = { appId: 1, privateKey: "k", secret: "s", name: "prod" };
// @ts-expect-error a registration needs its webhook secret
export const unsigned: RegistrationOptions = { appId: 1, privateKey: "k" };
new App({ registrations: [registered] });

// A handler annotated with the whole event, given a list of its actions (Probot's typings allow it):
// the names alone pick the events, and the narrower contexts are whole-event contexts.
app.on(
  ["pull_request.labeled", "pull_request.unlabeled", "pull_request.synchronize"],
  async (context: Context<"pull_request">) => {
    // Every pull_request payload may name the installation, as Probot's types say.
    if (context.payload.installation?.id) void context.payload.installation.id;
  },
);
// @ts-expect-error a pull_request handler is not an issues handler
app.on("issues.opened", async (context: Context<"pull_request">) => void context);

// Probot's `new Context(event, octokit, log)` takes its event from the event given, as apps' tests build
// one from a typed fixture and hand it to a handler typed for that event.
declare const openedEvent: EmitterWebhookEvent<"issues.opened">;
declare function onIssueOpened(context: Context<"issues.opened">): void;
export const built = new Context(openedEvent, app.state.client, app.log);
export const builtNumber: number = built.payload.issue.number;
onIssueOpened(built);
// @ts-expect-error an issues.opened context is not a pull_request context
forPullRequests(built);
// A plain object as the event still builds one, of any event (as before).
export const plain = new Context({ id: "1", name: "issues", payload: {} }, app.state.client, app.log);
// An event typed `any` (a fixture read with require()) makes a context taken by any handler, as Probot's was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const fixture: any;
export const fromFixture = new Context(fixture, app.state.client, app.log);
onIssueOpened(fromFixture);
forPullRequests(fromFixture);

// electron/cation on Probot 10: `context.octokit.checks.create(context.repo({ name, head_sha, status: "in_progress" }))`.
// Probot's repo<T>(object?: T) keeps the literal ("in_progress") that the method's parameter asks for;
// a constraint on T (T extends object) widens it to string, and the call no longer compiles.
app.on("pull_request.opened", async (context) => {
  await context.client.checks.create(
    context.repo({ name: "Semver Label Enforcement", head_sha: "abc", status: "in_progress" }),
  );
  await context.client.issues.update(context.issue({ state: "closed" }));
  await context.client.pulls.update(context.pullRequest({ state: "open" }));
});
