/**
 * Congress.gov API v3 client: bills updated since a time, one page of a
 * Congress's or a window's bills (backfills), bill detail,
 * actions, cosponsors, related bills, text versions and summaries (every page), members
 * (list and detail). Requests go through the shared transport under the
 * documented 5,000 requests per hour; every payload is parsed with zod.
 */
import type * as z from 'zod';
import { config } from '#shared/platform/config.ts';
import * as S from './congress-gov.schema.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';
import { parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { CONGRESS_GOV_LIMIT } from '#shared/adapters/providers/transport/rate-limiter.ts';

export const CONGRESS_GOV = 'congress-gov';
const PAGE_SIZE = 250;
/** A bound on pages per listing, so a provider bug cannot loop forever. */
const MAX_PAGES = 40;

function withKey(url: string): string {
  const u = new URL(url);
  u.searchParams.set('format', 'json');
  u.searchParams.set('api_key', config().CONGRESS_API_KEY ?? 'DEMO_KEY');
  return u.toString();
}

/** One Congress.gov API request (key, format and the shared rate limit added), parsed with `schema`. */
export async function getJson<S extends z.ZodType>(what: string, url: string, schema: S): Promise<z.infer<S>> {
  const res = await getText({ provider: CONGRESS_GOV, url: withKey(url), rateLimit: CONGRESS_GOV_LIMIT });
  return parsePayload(CONGRESS_GOV, what, schema, parseJsonBody(CONGRESS_GOV, what, res.text));
}

/** Follows pagination.next until the listing ends, collecting the items `pick` takes from every page. */
export async function getAllPages<S extends z.ZodType<{ pagination?: { next?: string } }>, T>(
  what: string,
  firstUrl: string,
  schema: S,
  pick: (page: z.infer<S>) => T[],
): Promise<T[]> {
  const all: T[] = [];
  let url: string | undefined = firstUrl;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const body: z.infer<S> = await getJson(what, url, schema);
    all.push(...pick(body));
    url = body.pagination?.next;
  }
  return all;
}

export const base = () => config().CONGRESS_API_BASE_URL.replace(/\/$/, '');
const billPath = (congress: number, type: string, number: number) => `${base()}/bill/${congress}/${type}/${number}`;
/** Congress.gov expects seconds without milliseconds: 2025-01-01T00:00:00Z. */
export const apiDateTime = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/** Bills updated since `since` (every page, newest update first). */
export function listBillsUpdatedSince(since: Date, until?: Date): Promise<S.BillListItem[]> {
  const u = new URL(`${base()}/bill`);
  u.searchParams.set('fromDateTime', apiDateTime(since));
  if (until) u.searchParams.set('toDateTime', apiDateTime(until));
  u.searchParams.set('sort', 'updateDate desc');
  u.searchParams.set('limit', String(PAGE_SIZE));
  return getAllPages('bill list', u.toString(), S.BillListPage, (p) => p.bills);
}

/** Which bills a paged listing reads: one Congress, or bills updated within a time window. */
export type BillListing = { congress: number } | { from: Date; to: Date };

export interface BillListPage {
  bills: S.BillListItem[];
  /** The listing's size as Congress.gov reports it, when it does. */
  count: number | null;
  /** Congress.gov names a next page. */
  hasNext: boolean;
}

/**
 * One page of `limit` bills (at most 250) of a listing at `offset` (the backfill's unit of work), newest
 * update first: a bill updated while a backfill pages through its Congress
 * moves to the front, so the pages after it only shift by one and repeat an
 * entry rather than skip one (and the poller picks the updated bill up).
 */
export async function getBillListPage(listing: BillListing, offset: number, limit: number): Promise<BillListPage> {
  const u = new URL('congress' in listing ? `${base()}/bill/${listing.congress}` : `${base()}/bill`);
  if (!('congress' in listing)) {
    u.searchParams.set('fromDateTime', apiDateTime(listing.from));
    u.searchParams.set('toDateTime', apiDateTime(listing.to));
  }
  u.searchParams.set('sort', 'updateDate desc');
  u.searchParams.set('offset', String(offset));
  u.searchParams.set('limit', String(Math.min(limit, PAGE_SIZE)));
  const page = await getJson('bill list page', u.toString(), S.BillListPage);
  return { bills: page.bills, count: page.pagination?.count ?? null, hasNext: Boolean(page.pagination?.next) };
}

/** One bill's detail. */
export async function getBillDetail(congress: number, type: string, number: number): Promise<S.BillDetail> {
  return (await getJson('bill detail', billPath(congress, type, number), S.BillDetail)).bill;
}

const paged = (url: string) => `${url}?limit=${PAGE_SIZE}`;

/** Every action of a bill, across all pages. */
export const getBillActions = (congress: number, type: string, number: number) =>
  getAllPages('bill actions', paged(`${billPath(congress, type, number)}/actions`), S.ActionsPage, (p) => p.actions);

/** Every cosponsor of a bill, across all pages. */
export const getBillCosponsors = (congress: number, type: string, number: number) =>
  getAllPages('bill cosponsors', paged(`${billPath(congress, type, number)}/cosponsors`), S.CosponsorsPage, (p) => p.cosponsors);

/** Every text version of a bill with its format URLs. */
export const getBillTextVersions = (congress: number, type: string, number: number) =>
  getAllPages('bill text versions', paged(`${billPath(congress, type, number)}/text`), S.TextVersionsPage, (p) => p.textVersions);

/** Every bill Congress.gov relates to a bill, with the relationships (identical, related, procedurally related). */
export const getBillRelatedBills = (congress: number, type: string, number: number) =>
  getAllPages('bill related bills', paged(`${billPath(congress, type, number)}/relatedbills`), S.RelatedBillsPage, (p) => p.relatedBills);

/** The CRS summaries of a bill. */
export const getBillSummaries = (congress: number, type: string, number: number) =>
  getAllPages('bill summaries', paged(`${billPath(congress, type, number)}/summaries`), S.SummariesPage, (p) => p.summaries);

/** Current members of Congress, every page. */
export const listCurrentMembers = () =>
  getAllPages('member list', `${base()}/member?currentMember=true&limit=${PAGE_SIZE}`, S.MemberListPage, (p) => p.members);

/** One member's detail (bio, terms, leadership, counts). */
export async function getMemberDetail(bioguideId: string): Promise<S.MemberDetail> {
  return (await getJson('member detail', `${base()}/member/${bioguideId}`, S.MemberDetail)).member;
}

/**
 * The admin health check's probe: one unretried request for the most recent
 * bill (limit 1), parsed like a poll; resolves to the listing's total count when given.
 */
export async function probeBillList(timeoutMs: number): Promise<number | null> {
  const what = 'bill list probe';
  const res = await getText({ provider: CONGRESS_GOV, url: withKey(`${base()}/bill?limit=1`), rateLimit: CONGRESS_GOV_LIMIT, retries: 0, timeoutMs });
  return parsePayload(CONGRESS_GOV, what, S.BillListPage, parseJsonBody(CONGRESS_GOV, what, res.text)).pagination?.count ?? null;
}
