/**
 * The news fetcher: finds articles about bills and members and stores them
 * per owner (unique on owner + URL). Used by the scheduled fetch_news job and
 * by the background fetches that the bill detail and member news reads queue.
 * Bills are searched in the news search API (4 per call, while the day's
 * quota is not low) and in the news RSS feed (cached 2 hours, shared with the
 * trend scorer); members in the RSS feed only, so member pages never spend
 * the search quota. One failing call or feed never stops the others. A
 * source an admin switched off (data_sources) is not called, as if it were
 * not configured; with both off nothing is fetched and requests stay pending.
 */
import { getBill, getBills, listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import { collectPages } from '#shared/adapters/db/dynamo.ts';
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { getMember, getMembers } from '#shared/adapters/db/members.repository.ts';
import { completeNewsRequest, listNewsRequests } from '#shared/adapters/db/news-requests.repository.ts';
import { membersWithNewsReadSince, putArticle, type NewsOwner } from '#shared/adapters/db/news.repository.ts';
import { type StoredArticle } from '#shared/domain/news/stored-article.schema.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { logger } from '#shared/platform/logger.ts';
import { newsRssItems } from '#shared/adapters/providers/news-rss.client.ts';
import { isNewsSearchConfigured, newsSearchQuota, packQueries, searchNewsBatch } from '#shared/adapters/providers/news-search.client.ts';
import type { NewsArticle } from '#shared/domain/news/news-article.ts';
import { billNewsQuery, memberNewsQuery } from '#shared/domain/news/news-queries.ts';
import { disabledByAdmin, type DataSources } from '#shared/domain/settings/data-sources.ts';
import { errorText } from '#shared/errors/error-text.ts';
import { isUnrecorded } from '#shared/adapters/providers/transport/provider-error.ts';

/** How far back the news search looks: the provider's free plan serves a month. */
export const SEARCH_LOOKBACK_DAYS = 28;

export interface StoreCounts {
  stored: number;
  duplicates: number;
}

/** Stores articles for an owner; duplicates of a stored URL are counted, not written. */
export async function storeArticles(owner: NewsOwner, articles: NewsArticle[], provider: StoredArticle['provider'], now: Date): Promise<StoreCounts> {
  let stored = 0;
  for (const article of articles) if (await putArticle(owner, article, provider, now)) stored++;
  return { stored, duplicates: articles.length - stored };
}

export interface BillFetchReport {
  bills: number;
  search_calls: number;
  search_failures: number;
  /** Bills the search skipped: not configured, switched off, quota low, or the quota ran out mid-run. */
  search_skipped: number;
  /** The sources an admin switched off, each with its reason (not called this run). */
  disabled: Partial<Record<'news_search' | 'news_rss', string>>;
  rss_failures: number;
  /** Failures of a provider that cannot answer here (offline, nothing recorded): counted, never worth a retry. */
  unrecorded_failures: number;
  stored: number;
  duplicates: number;
  /** Bills whose every enabled source answered. */
  succeeded: string[];
  quota_low: boolean;
}

/**
 * Fetches and stores the news of bills, from the sources `sources` leaves on.
 *   1. While the news search is configured and its quota is not low, search
 *      the bills' queries 4 to a call; a failed call is counted and the next
 *      one tried; a low or spent quota stops the search for the run.
 *   2. Read every bill's RSS feed (cached), each failure isolated.
 *   3. A bill succeeded when every source enabled for it answered.
 */
export async function fetchBillsNews(bills: Bill[], now: Date, sources: DataSources): Promise<BillFetchReport> {
  const report: BillFetchReport = {
    bills: bills.length,
    search_calls: 0,
    search_failures: 0,
    search_skipped: 0,
    disabled: {},
    rss_failures: 0,
    unrecorded_failures: 0,
    stored: 0,
    duplicates: 0,
    succeeded: [],
    quota_low: false,
  };
  const failed = new Set<string>();
  const add = (c: StoreCounts) => {
    report.stored += c.stored;
    report.duplicates += c.duplicates;
  };
  const byQuery = new Map<string, Bill[]>();
  for (const bill of bills) byQuery.set(billNewsQuery(bill), [...(byQuery.get(billNewsQuery(bill)) ?? []), bill]);

  for (const source of ['news_search', 'news_rss'] as const) if (!sources[source].enabled) report.disabled[source] = disabledByAdmin(source);

  if (sources.news_search.enabled && isNewsSearchConfigured()) {
    const from = new Date(now.getTime() - SEARCH_LOOKBACK_DAYS * 86400_000);
    const calls = packQueries([...byQuery.keys()]);
    for (const [i, queries] of calls.entries()) {
      if ((await newsSearchQuota(now)).low) {
        report.quota_low = true;
        const skipped = calls
          .slice(i)
          .flat()
          .flatMap((q) => byQuery.get(q) ?? []);
        report.search_skipped += skipped.length;
        skipped.forEach((b) => failed.add(b.id));
        break;
      }
      report.search_calls++;
      try {
        const lists = await searchNewsBatch(queries, { from, now });
        for (const [j, q] of queries.entries())
          for (const bill of byQuery.get(q) ?? []) add(await storeArticles({ kind: 'bill', id: bill.id }, lists[j] ?? [], 'news-search', now));
      } catch (err) {
        report.search_failures++;
        if (isUnrecorded(err)) report.unrecorded_failures++;
        queries.flatMap((q) => byQuery.get(q) ?? []).forEach((b) => failed.add(b.id));
        logger.warn('news search call failed', { bills: queries.length, error: errorText(err) });
      }
    }
  } else report.search_skipped = bills.length;

  for (const [query, owners] of sources.news_rss.enabled ? byQuery : []) {
    try {
      const articles = await newsRssItems(query, { now });
      for (const bill of owners) add(await storeArticles({ kind: 'bill', id: bill.id }, articles, 'news-rss', now));
    } catch (err) {
      report.rss_failures += owners.length;
      if (isUnrecorded(err)) report.unrecorded_failures += owners.length;
      owners.forEach((b) => failed.add(b.id));
      logger.warn('news RSS feed failed', { query, error: errorText(err) });
    }
  }
  report.succeeded = bills.filter((b) => !failed.has(b.id)).map((b) => b.id);
  return report;
}

/** Fetches and stores the news of members from the RSS feed, each failure isolated. */
export async function fetchMembersNews(members: Pick<Member, 'id' | 'name' | 'state' | 'chamber'>[], now: Date) {
  const report = { members: members.length, failures: 0, unrecorded_failures: 0, stored: 0, duplicates: 0 };
  for (const member of members) {
    try {
      const counts = await storeArticles({ kind: 'member', id: member.id }, await newsRssItems(memberNewsQuery(member), { now }), 'news-rss', now);
      report.stored += counts.stored;
      report.duplicates += counts.duplicates;
    } catch (err) {
      report.failures++;
      if (isUnrecorded(err)) report.unrecorded_failures++;
      logger.warn('member news feed failed', { member: member.id, error: errorText(err) });
    }
  }
  return report;
}

/** Bills per scheduled run: 50 search calls at most, half the developer plan's day, leaving room for the other runs. */
export const MAX_BILLS_PER_RUN = 100;
/** Bills with an action this recent count as active. */
export const ACTIVE_DAYS = 7;
/** Members refreshed per run, and how recently their news must have been read. */
export const MAX_MEMBERS_PER_RUN = 100;
export const MEMBER_READ_DAYS = 7;

/**
 * fetch_news (every 6 hours at :15):
 *   1. Take the pending requests of the outbox (oldest first) and the bills
 *      acted on in the last 7 days, at most 100 bills, requests first.
 *   2. Fetch their news (fetchBillsNews); complete the requests of bills
 *      whose every source answered (the rest stay for the next run).
 *   3. Refresh the news of members read in the last 7 days (RSS).
 * With both news sources switched off the run fetches nothing and leaves the
 * requests pending for the first run after a source is back on; with the RSS
 * feed off, members are not refreshed.
 */
export async function runFetchNews(now: Date) {
  const sources = await getDataSources();
  if (!sources.news_search.enabled && !sources.news_rss.enabled) {
    return { skipped: true, reason: `${disabledByAdmin('news_search')}; ${disabledByAdmin('news_rss')}` };
  }
  const requested = (await collectPages(listNewsRequests, MAX_BILLS_PER_RUN)).map((r) => r.bill_id);
  const requestedBills = await getBills(requested);
  const since = new Date(now.getTime() - ACTIVE_DAYS * 86400_000).toISOString().slice(0, 10);
  const active = (await listBillsByLatestAction({ since, limit: MAX_BILLS_PER_RUN })).items;
  const bills = [...new Map([...requestedBills, ...active].map((b) => [b.id, b])).values()].slice(0, MAX_BILLS_PER_RUN);

  const report = await fetchBillsNews(bills, now, sources);
  const pending = new Set(requested);
  // A request for a bill that no longer exists is dropped rather than retried forever.
  const known = new Set(requestedBills.map((b) => b.id));
  const done = [...report.succeeded.filter((id) => pending.has(id)), ...requested.filter((id) => !known.has(id))];
  for (const id of done) await completeNewsRequest(id);

  const members = sources.news_rss.enabled
    ? await fetchMembersNews(await getMembers(await membersWithNewsReadSince(new Date(now.getTime() - MEMBER_READ_DAYS * 86400_000), MAX_MEMBERS_PER_RUN)), now)
    : { skipped: disabledByAdmin('news_rss') };
  const { succeeded, ...counts } = report;
  return { ...counts, bills_succeeded: succeeded.length, requests: requested.length, requests_completed: done.length, active_bills: active.length, members };
}

/** The background fetch of one bill (queued by its detail read); throws when the bill's sources all failed so the message is retried. */
export async function fetchBillNews(billId: string, now: Date) {
  const [bill, sources] = await Promise.all([getBill(billId), getDataSources()]);
  if (!bill) return { bill_id: billId, skipped: 'unknown bill' };
  // The bill's news request (if any) stays pending for fetch_news once a source is back on.
  if (!sources.news_search.enabled && !sources.news_rss.enabled)
    return { bill_id: billId, skipped: `${disabledByAdmin('news_search')}; ${disabledByAdmin('news_rss')}` };
  const { succeeded, ...report } = await fetchBillsNews([bill], now, sources);
  if (succeeded.includes(billId)) await completeNewsRequest(billId);
  // Offline with nothing recorded, a redelivery would fail the same way: the WARN above was the one line; the request stays pending.
  const retryable = report.rss_failures + report.search_failures > report.unrecorded_failures;
  if (report.rss_failures > 0 && report.search_calls === report.search_failures && retryable) throw new Error(`news fetch of ${billId} failed in every source`);
  return { bill_id: billId, ...report };
}

/** The background fetch of one member's news (queued by the first read of its news). */
export async function fetchMemberNews(memberId: string, now: Date) {
  // Member news comes from the RSS feed only.
  if (!(await getDataSources()).news_rss.enabled) return { member_id: memberId, skipped: disabledByAdmin('news_rss') };
  const member = await getMember(memberId);
  if (!member) return { member_id: memberId, skipped: 'unknown member' };
  const report = await fetchMembersNews([member], now);
  if (report.failures > report.unrecorded_failures) throw new Error(`news fetch of member ${memberId} failed`);
  return { member_id: memberId, ...report };
}
