// Checked-in lists of passing cases/tests. They only grow, unless pruned on purpose.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Reads a list: one entry per line; blank lines and `#` comments ignored.
 * Golden keys have three tab-separated fields; an empty flag field may have lost
 * its trailing tab to an editor, so it is restored.
 */
export function readList(path: string, fields = 1): string[] {
  if (!existsSync(path)) return [];
  const out: string[] = [];
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    // Keys never end in whitespace except the tab before empty flags, restored below.
    const line = raw.trimEnd();
    if (line.trim() === '' || line.startsWith('#')) continue;
    const parts = line.split('\t');
    while (parts.length < fields) parts.push('');
    out.push(parts.join('\t'));
  }
  return out;
}

/** Writes entries sorted by code unit (locale-independent) and de-duplicated, after a header. */
export function writeList(path: string, entries: Iterable<string>, header: string[]): void {
  const sorted = [...new Set(entries)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = header.map((h) => `# ${h}\n`).join('') + sorted.map((e) => `${e}\n`).join('');
  writeFileSync(path, text);
}

export interface RatchetCheck {
  /** Listed entries that exist and fail now. */
  regressions: string[];
  /** Listed entries the run did not produce at all (stale keys). */
  unknown: string[];
  /** Passing entries not yet listed. */
  newlyPassing: string[];
}

export function checkRatchet(listed: readonly string[], results: ReadonlyMap<string, boolean>): RatchetCheck {
  const listedSet = new Set(listed);
  const regressions: string[] = [];
  const unknown: string[] = [];
  for (const key of listedSet) {
    const r = results.get(key);
    if (r === undefined) unknown.push(key);
    else if (!r) regressions.push(key);
  }
  const newlyPassing = [...results].filter(([k, ok]) => ok && !listedSet.has(k)).map(([k]) => k).sort();
  return { regressions: regressions.sort(), unknown: unknown.sort(), newlyPassing };
}
