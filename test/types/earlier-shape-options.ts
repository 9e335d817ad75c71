// Compile-only: checked by `tsc -p test`. Probot's documented TypeScript app function takes the app and
// its options, `(app: Probot, { getRouter }: ApplicationFunctionOptions)`; renamed, it must load as it did.
import { App, createNodeMiddleware, createServer, type ApplicationFunctionOptions } from "gh-app-kit";

const appFn = (app: App, { getRouter }: ApplicationFunctionOptions): void => {
  if (typeof getRouter === "function") getRouter("/my-app").get("/hello", (c) => c.text("hi"));
  app.on("issues.opened", async (context) => {
    await context.client.issues.createComment(context.issue({ body: "hi" }));
  });
};
const asyncFn = async (app: App, options: ApplicationFunctionOptions): Promise<void> => {
  app.log.info(typeof options.getRouter);
};

declare const app: App;
void app.load(appFn);
void app.load([appFn, asyncFn]);
export const middleware = createNodeMiddleware(appFn, { app });
export const loaded = createServer({ app }).load(asyncFn);

// An app function written inline in Probot's one-parameter shape, as tests load it
// (`robot.load((app) => { app.on(...) })`, ahmed-taj/dep on Probot 10): its parameter is the
// argument load passes, which carries the earlier shape's members too.
void app.load((robot) => {
  robot.on("pull_request.opened", async (context) => {
    await context.client.issues.addLabels(context.issue({ labels: ["dependent"] }));
  });
  robot.log.info("loaded");
});
void app.load([(robot) => void robot.on("issues.opened", () => undefined)]);

// Probot 7 to 10's router on an app function typed with the app's class (`(robot: Application) =>
// robot.route("/admin")`, cogni-git-admin's `app.route()`), renamed App: deprecated, still typed.
export const routed = (robot: App): void => {
  robot.route("/admin").get("/status", (c) => c.json({ ok: true }));
  robot.router.get("/metrics", (c) => c.text("up 1"));
};

// Routes written for Express on getRouter()'s router (Probot 10 to 13's was Express's): typed, as they
// run through the app's express on a Node server; Hono's handlers keep Hono's context. An inline
// handler with untyped parameters is typed as Hono's (Hono's signatures come first).
import express, { type Request, type Response } from "express";
export const expressRoutes = ({ getRouter }: ApplicationFunctionOptions): void => {
  const router = getRouter("/my-app");
  router.use(express.static("public"));
  router.use("/api", express.Router());
  router.get("/typed", (req: Request, res: Response) => {
    res.json({ id: req.params["id"] });
  });
  router.post("/untyped", express.json(), (req, res) => res.status(201).send(req.body));
  router.get("/healthcheck(.html)?", (_req: Request, res: Response) => res.send("ok"));
  router.get("/hono", (c) => c.text("hi"));
  // @ts-expect-error Hono's handler keeps Hono's context, which has no notAMember
  router.get("/hono-typed", (c) => c.notAMember);
};
