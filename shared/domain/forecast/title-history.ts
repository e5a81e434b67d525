/**
 * Earlier versions of a bill: bills of recent Congresses with the same
 * official or short title (years and punctuation aside), and the furthest
 * stage any of them reached. A bill that passed the House last Congress and
 * died in the Senate is reintroduced with far better odds than a new one; one
 * reintroduced after going nowhere, with worse. The model file keeps the
 * titles of its last few training Congresses as 24-bit hashes (four base-64
 * characters and a level digit per title), so it stays small; a collision
 * misreads about one bill in a thousand.
 */

/** The furthest stage reached: 0 introduced only, 1 reported, 2 passed its chamber, 3 enacted. */
export type Level = 0 | 1 | 2 | 3;

/** Per Congress, its titles' hashes and levels, as `hash(4 chars) level(1 digit)` repeated. */
export type TitleHistory = Record<string, string>;

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/\b(of )?(19|20)\d\d\b/g, ' ')
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The keys a bill is matched by: its official title, and its short title when it has one. */
export function titleKeys(title: string, shortTitle: string | null): string[] {
  const keys = [`t:${normalised(title)}`];
  if (shortTitle && normalised(shortTitle)) keys.push(`s:${normalised(shortTitle)}`);
  return keys;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** FNV-1a of the key, folded to 24 bits and written as four base-64 characters. */
export function titleHash(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  const v = (h >>> 24) ^ (h & 0xffffff);
  return [18, 12, 6, 0].map((s) => B64[(v >>> s) & 63]).join('');
}

const decoded = new WeakMap<TitleHistory, Map<string, Map<string, Level>>>();

function congressMap(history: TitleHistory, congress: string): Map<string, Level> {
  let byCongress = decoded.get(history);
  if (!byCongress) decoded.set(history, (byCongress = new Map()));
  let map = byCongress.get(congress);
  if (!map) {
    const text = history[congress] ?? '';
    map = new Map();
    for (let i = 0; i + 5 <= text.length; i += 5) {
      const hash = text.slice(i, i + 4);
      const level = Number(text[i + 4]) as Level;
      if (level > (map.get(hash) ?? -1)) map.set(hash, level);
    }
    byCongress.set(congress, map);
  }
  return map;
}

export interface PriorVersions {
  /** Earlier bills with the bill's titles in the window, and the furthest stage they reached (null when none). */
  count: number;
  level: Level | null;
  /** Congresses since the latest of them (null when none). */
  gap: number | null;
}

/** The bill's earlier versions in the `window` Congresses before its own. */
export function priorVersions(history: TitleHistory, keys: string[], congress: number, window: number): PriorVersions {
  const hashes = keys.map(titleHash);
  let count = 0;
  let level: Level | null = null;
  let gap: number | null = null;
  for (let c = congress - 1; c >= congress - window; c -= 1) {
    const map = congressMap(history, String(c));
    for (const h of hashes) {
      const l = map.get(h);
      if (l === undefined) continue;
      count += 1;
      level = level === null || l > level ? l : level;
      gap ??= congress - c;
    }
  }
  return { count, level, gap };
}

/** Encodes one Congress's titles and levels (hash order, so the file does not depend on reading order). */
export function encodeCongressTitles(entries: { keys: string[]; level: Level }[]): string {
  const best = new Map<string, Level>();
  for (const e of entries) for (const k of e.keys) best.set(titleHash(k), Math.max(best.get(titleHash(k)) ?? 0, e.level) as Level);
  return [...best]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([h, l]) => `${h}${l}`)
    .join('');
}
