/**
 * The three signals of a trend score behind one small interface, so the
 * scoring use case never knows which client answers (and tests inject local
 * doubles). Each source says why it cannot be used (not configured), or null.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { compareSearchInterest, isSearchTrendsConfigured } from '#shared/adapters/providers/search-trends.client.ts';
import { NEWS_API_BATCH_SIZE } from '#shared/adapters/providers/news-search.client.ts';
import { TRENDS_BATCH_SIZE } from '#shared/domain/scores/trend-decisions.ts';

/** What is scored: a bill or a member, with its record (the news query is built from it). */
export type Subject =
  | { kind: 'bill'; id: string; bill: Bill }
  | { kind: 'member'; id: string; member: Pick<Member, 'id' | 'name' | 'first_name' | 'last_name' | 'state' | 'chamber'> };

interface Source {
  /** Why this signal cannot be used now (no key, no client), or null. */
  unavailable(): string | null;
}

export interface SignalSources {
  /** Search interest of up to TRENDS_BATCH_SIZE subjects compared in one call, in their order. */
  searchTrends: Source & { compare(subjects: Subject[]): Promise<number[]> };
  /** Article counts of up to NEWS_API_BATCH_SIZE (4) subjects from one news-search call, in their order. */
  newsSearch: Source & { quotaLow(): Promise<boolean>; countBatch(subjects: Subject[], from: Date): Promise<number[]> };
  /** Items the news RSS search feed lists for one subject. */
  newsRss: Source & { count(subject: Subject): Promise<number> };
}

/** Subjects per call: 5 per search-trends comparison (Google Trends' maximum), 4 per news search (NEWS_API_BATCH_SIZE). */
export const BATCH = { searchTrends: TRENDS_BATCH_SIZE, newsSearch: NEWS_API_BATCH_SIZE } as const;

/** "First Last" for a member stored as "Last, First". */
export function memberDisplayName(m: Subject & { kind: 'member' }): string {
  const { first_name, last_name, name } = m.member;
  if (first_name && last_name) return `${first_name} ${last_name}`;
  const [last, first] = name.split(',').map((s) => s.trim());
  return first ? `${first} ${last}` : name;
}

/** What people type into a search engine for a subject: a bill's short title (else its label), a member's name. */
export const searchTerm = (s: Subject): string => (s.kind === 'bill' ? (s.bill.short_title ?? s.bill.label) : memberDisplayName(s));

/** The search-trends signal from the configured provider client. */
export const searchTrendsSource: SignalSources['searchTrends'] = {
  unavailable: () => (isSearchTrendsConfigured() ? null : 'SEARCH_TRENDS_API_KEY is not set'),
  compare: (subjects) => compareSearchInterest(subjects.map(searchTerm)),
};
