/**
 * The app: registers handlers for the events it reacts to. The same function runs in the Lambda
 * function (handler.js) and, while you develop, on your machine with `{{start}}`.
 *
 * @param {import("gh-app-kit").ApplicationFunctionOptions} options
 */
export default ({ app }) => {
  app.on("issues.opened", async (context) => {
    // context.issue() fills in owner, repo and issue_number from the event.
    const comment = context.issue({ body: "Thanks for opening this issue!" });
    await context.client.issues.createComment(comment);
  });
};
