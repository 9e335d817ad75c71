/**
 * Resolves once `condition()` is true, checking every 20 ms; rejects after `ms`.
 *
 * @example
 * await until(() => app.state.redis!.connection.up);
 */
export async function until(condition: () => boolean, ms = 5000): Promise<void> {
  for (const start = Date.now(); !condition();) {
    if (Date.now() - start > ms) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
