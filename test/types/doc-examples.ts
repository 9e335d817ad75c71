// Compile-only: checked by `tsc -p test`. The examples of the docs, as a TypeScript user copies them
// into a strict project: the parameters of an inline app function get their types from the call.
import { run } from "gh-app-kit";

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
