import type { ApplicationFunction } from "gh-app-kit";

/** The app: registers handlers for the events it reacts to. */
const appFn: ApplicationFunction = ({ app }) => {
  app.log.info("The app was loaded");

  app.on("issues.opened", async (context) => {
    // context.issue() fills in owner, repo and issue_number from the event.
    const comment = context.issue({ body: "Thanks for opening this issue!" });
    await context.client.issues.createComment(comment);
  });
};

export default appFn;
