// Compile-only: checked by `tsc -p test`. The examples of the docs, as a TypeScript user copies them
// into a strict project: the parameters of an inline app function get their types from the call.
import { createApp, run } from "gh-app-kit";

// docs/run.md: run() with an app function written inline.
export async function runInline(): Promise<void> {
  const server = await run(({ app }) => {
    app.on("issues.opened", (context) => context.client.issues.createComment(context.issue({ body: "Hello" })));
  });
  await server.stop();
  await run(["./index.js"], { handleSignals: false });
  // A wrapper typed by run's parameters, as the repository's own tests write one.
  const start = (apps: Parameters<typeof run>[0]) => run(apps);
  await start(["./index.js"]);
}

// docs/config.md: with defaults, a repository without the file gets the defaults, never null.
createApp().on("issues.opened", async (context) => {
  const config = await context.config("my-app.yml", { greeting: "Thanks for the issue!" });
  await context.client.issues.createComment(context.issue({ body: config.greeting }));
  // Without defaults, null when no file exists.
  const bare = await context.config<{ greeting: string }>("my-app.yml");
  // @ts-expect-error possibly null
  context.log.info(bare.greeting);
  const lists = await context.config("my-app.yml", { labels: ["a"] }, { arrayMerge: (_earlier, later) => later });
  context.log.info(lists.labels.join());
});
