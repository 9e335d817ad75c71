import { countDelivery } from "./counter.js";

/** A handler that takes 2 s (BENCH_HANDLER_MS), as one that calls slow services. */
export default ({ app }) => {
  const ms = Number(process.env.BENCH_HANDLER_MS ?? 2000);
  app.on("issues.opened", async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    countDelivery();
  });
};
