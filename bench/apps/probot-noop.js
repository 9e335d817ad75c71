import { countDelivery } from "./counter.js";

/** The same no-op app for Probot 14: `probot run apps/probot-noop.js`. */
export default (app) => {
  app.on("issues.opened", async () => {
    countDelivery();
  });
};
