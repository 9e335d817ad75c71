/**
 * The median of the finite numbers in `values` (NaN when there are none).
 *
 * @example
 * median([3, 1, 2]); // 2
 */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The median over rounds of `metric(server) / metric(reference)` taken in the
 * same round: on a noisy machine a round-by-round pairing cancels most of the
 * drift that comparing two medians would keep.
 *
 * @example
 * pairedRatio(app.rounds, floor.rounds, (slice) => slice.reqPerSec); // 0.93
 */
export function pairedRatio(rounds, referenceRounds, metric) {
  const ratios = [];
  for (let index = 0; index < rounds.length; index++) {
    const reference = referenceRounds[index];
    if (!reference) continue;
    const value = metric(rounds[index]);
    const base = metric(reference);
    if (Number.isFinite(value) && Number.isFinite(base) && base !== 0) ratios.push(value / base);
  }
  return median(ratios);
}

/**
 * Summarises one server's slices: medians of every figure, worst peaks and
 * the totals that must be zero.
 *
 * @example
 * const summary = summarize(rounds);
 */
export function summarize(rounds) {
  const pick = (metric) => median(rounds.map(metric));
  return {
    reqPerSec: pick((slice) => slice.reqPerSec),
    p50: pick((slice) => slice.load.latency.p50),
    p99: pick((slice) => slice.load.latency.p99),
    cpuPerDeliveryUs: pick((slice) => slice.cpuPerDeliveryUs),
    peakRss: Math.max(...rounds.map((slice) => slice.peakRss)),
    stallP99: pick((slice) => slice.stallMs?.p99),
    stallMax: Math.max(...rounds.map((slice) => slice.stallMs?.max ?? Number.NaN).filter(Number.isFinite)),
    rssAfterRounds: rounds.map((slice) => slice.rssAfter),
    ok: rounds.reduce((sum, slice) => sum + slice.load.ok, 0),
    non2xx: rounds.reduce((sum, slice) => sum + slice.load.non2xx, 0),
    errors: rounds.reduce((sum, slice) => sum + slice.load.errors + slice.load.timeouts, 0),
    handledOk: rounds.every((slice) => slice.handledOk),
    handled: rounds.reduce((sum, slice) => sum + slice.handled, 0),
  };
}

/**
 * Spearman's rank correlation of two equally long lists (ties broken by
 * order): 1 when one rises exactly with the other, 0 when unrelated.
 *
 * @example
 * rankCorrelation([1, 2, 3], [10, 30, 20]); // 0.5
 */
export function rankCorrelation(xs, ys) {
  const rank = (values) => {
    const ranks = [];
    values
      .map((value, index) => [value, index])
      .sort((a, b) => a[0] - b[0])
      .forEach(([, index], position) => (ranks[index] = position));
    return ranks;
  };
  const a = rank(xs);
  const b = rank(ys);
  const n = a.length;
  if (n < 3) return Number.NaN;
  const mean = (n - 1) / 2;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let index = 0; index < n; index++) {
    covariance += (a[index] - mean) * (b[index] - mean);
    varianceA += (a[index] - mean) ** 2;
    varianceB += (b[index] - mean) ** 2;
  }
  return covariance / Math.sqrt(varianceA * varianceB);
}
