/**
 * Runs of 9 or more characters of a token or a private key are as secret as the whole: a
 * message cut short, or one that quotes a token in part, carries them past the patterns and
 * the registered values, which only match whole secrets.
 *
 * Only random values are indexed (installation and personal tokens, the lines of a PEM body):
 * a run of them never occurs in ordinary text by chance. A webhook secret a person chose may
 * share words with log lines ("-webhook-" of `--webhook-path`), so it is scrubbed whole only.
 */
const FRAGMENT_LENGTH = 9;
/**
 * The text is probed every GRAM characters for a GRAM-character piece of a source; any run of
 * FRAGMENT_LENGTH (= 2 × GRAM − 1) characters holds one probe whole.
 */
const GRAM = 5;
const MAX_SOURCES = 100;
const GITHUB_TOKEN = /^(?:gh[opusr]_|github_pat_)/;
const PEM_KEY = /PRIVATE KEY-----/;

/** The random runs of a registered value: the whole token, or each line of a key's body. */
function randomRuns(value: string, token: boolean): string[] {
  if (PEM_KEY.test(value)) {
    return value.split(/\\[nr]|\s+/).filter((line) => line.length >= FRAGMENT_LENGTH && !line.includes("-----"));
  }
  return token || GITHUB_TOKEN.test(value) || value.startsWith("LS0tLS1CRUdJT") ? [value] : [];
}

/** Each GRAM-character piece → the run it occurs in, or the runs (a string alone saves memory). */
const index = new Map<string, string | string[]>();
/** How many registered values gave each indexed run. */
const runCounts = new Map<string, number>();
/** Registered values, latest last: tokens apart, so their number never pushes a key out. */
const registered = { token: new Set<string>(), other: new Set<string>() };

/** Indexes the random runs of `value` (or makes it the latest); the oldest of 100 goes. */
export function addFragmentSource(value: string, token: boolean): void {
  const runs = randomRuns(value, token);
  if (runs.length === 0) return;
  const list = token ? registered.token : registered.other;
  if (list.delete(value)) {
    list.add(value);
    return;
  }
  list.add(value);
  for (const run of runs) count(run, 1);
  if (list.size > MAX_SOURCES) {
    const oldest = list.values().next().value as string;
    list.delete(oldest);
    for (const run of randomRuns(oldest, token)) count(run, -1);
  }
}

function count(run: string, change: 1 | -1): void {
  const now = (runCounts.get(run) ?? 0) + change;
  if (now > 0) {
    runCounts.set(run, now);
    if (now > 1 || change < 0) return;
  } else runCounts.delete(run);
  for (let at = 0; at + GRAM <= run.length; at++) {
    const piece = run.slice(at, at + GRAM);
    const runs = index.get(piece);
    if (change > 0) {
      if (runs === undefined) index.set(piece, run);
      else if (typeof runs === "string") {
        if (runs !== run) index.set(piece, [runs, run]);
      } else if (!runs.includes(run)) runs.push(run);
    } else if (runs === run) index.delete(piece);
    else if (Array.isArray(runs)) {
      const left = runs.filter((each) => each !== run);
      index.set(piece, left.length === 1 ? left[0]! : left);
    }
  }
}

/** `text` with every run of FRAGMENT_LENGTH or more characters of an indexed value replaced. */
export function scrubFragments(text: string, replacement: string): string {
  if (index.size === 0 || text.length < FRAGMENT_LENGTH) return text;
  const found: Array<[start: number, end: number]> = [];
  for (let probe = 0; probe + GRAM <= text.length; probe += GRAM) {
    const piece = text.slice(probe, probe + GRAM);
    const runs = index.get(piece);
    if (typeof runs === "string") findAround(text, probe, piece, runs, found);
    else if (runs) for (const run of runs) findAround(text, probe, piece, run, found);
  }
  if (found.length === 0) return text;
  found.sort((a, b) => a[0] - b[0]);
  let result = "";
  let done = 0;
  for (const [start, end] of found) {
    if (end <= done) continue;
    result += `${text.slice(done, Math.max(start, done))}${start >= done ? replacement : ""}`;
    done = end;
  }
  return result + text.slice(done);
}

/** Extends each place `piece` has in `run` as far as text and run agree, keeping runs of FRAGMENT_LENGTH. */
function findAround(text: string, probe: number, piece: string, run: string, found: Array<[number, number]>): void {
  for (let at = run.indexOf(piece); at !== -1; at = run.indexOf(piece, at + 1)) {
    let start = probe;
    let end = probe + GRAM;
    for (let back = at; start > 0 && back > 0 && text[start - 1] === run[back - 1]; back--) start--;
    for (let ahead = at + GRAM; end < text.length && ahead < run.length && text[end] === run[ahead]; ahead++) end++;
    if (end - start >= FRAGMENT_LENGTH) found.push([start, end]);
  }
}
