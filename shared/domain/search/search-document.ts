/**
 * What the search index holds for one bill, how its fields weigh, and the
 * gentle recency boost (docs/search.md). Pure: the indexer
 * builds documents from the table, the engine adapter stores and ranks them.
 */

/** A passage that can be quoted in a hit: a CRS summary, the brief, or one section of the latest text. */
export interface SearchSection {
  /** What the passage is: "CRS summary", "Brief", or the section's heading such as "Sec. 3. Grants". */
  label: string;
  body: string;
}

/** The fields of one bill that are searched and filtered on. */
export interface SearchDocument {
  bill_id: string;
  congress: number;
  chamber: 'house' | 'senate';
  type: string;
  status: string;
  sponsor_id: string | null;
  has_document: boolean;
  topics: string[];
  introduced_date: string | null;
  latest_action_date: string | null;
  /** Every common written form of the bill number ("hr3076 h r 3076 118hr3076"). */
  number: string;
  short_title: string;
  /** The official title, then the other titles the bill is known by (popular titles, short titles of it and its portions). */
  title: string;
  /** CRS summary, the latest brief's summary and points. */
  summary: string;
  /** Policy area, legislative subjects, topic tags and the sponsor's name. */
  meta: string;
  /** The text of the latest version, its sections joined. */
  text: string;
  /** The quotable passages: summary and brief first, then the text by section. */
  sections: SearchSection[];
}

/** The searched columns in index order, with their BM25 weights: number and short title above title above summary above text. */
export const SEARCH_COLUMNS = [
  { name: 'number', weight: 10 },
  { name: 'short_title', weight: 10 },
  { name: 'title', weight: 5 },
  { name: 'summary', weight: 2 },
  { name: 'meta', weight: 2 },
  { name: 'text', weight: 1 },
] as const satisfies readonly { name: keyof SearchDocument; weight: number }[];

/** The date a bill is sorted and filtered by: its latest action, else its introduction. */
export const documentDate = (d: Pick<SearchDocument, 'latest_action_date' | 'introduced_date'>): string =>
  d.latest_action_date ?? d.introduced_date ?? '0000-00-00';

/** The first year of the 93rd Congress, where the recency scale starts. */
export const RECENCY_FROM_YEAR = 1973;
/** How much more the newest bill's relevance weighs than the oldest's: gentle, so a better match still wins. */
export const RECENCY_BOOST = 0.25;

/** The factor a bill's BM25 relevance is multiplied by, from 1 (1973) to 1 + RECENCY_BOOST (this year). */
export function recencyFactor(date: string, now: Date): number {
  return recencyOfYear(Number(date.slice(0, 4)) || RECENCY_FROM_YEAR, now);
}

/** The recency factor of a bill dated in `year`. */
export function recencyOfYear(year: number, now: Date): number {
  const span = Math.max(1, now.getUTCFullYear() - RECENCY_FROM_YEAR);
  const at = Math.min(1, Math.max(0, (year - RECENCY_FROM_YEAR) / span));
  return 1 + RECENCY_BOOST * at;
}

/** The number forms a number-only query or word can take ("hr3076", "h r 3076" tokens, "118hr3076"). */
export function numberForms(congress: number, type: string, number: number): string {
  const letters = type.toLowerCase();
  return `${letters}${number} ${letters.split('').join(' ')} ${number} ${congress}${letters}${number}`;
}
