import { countDelivery } from "./counter.js";

/** The no-op app for this framework: `app run apps/noop.js`. */
export default ({ app }) => {
  app.on("issues.opened", async () => {
    countDelivery();
  });
};
