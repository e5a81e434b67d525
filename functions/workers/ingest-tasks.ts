/** ingest-tasks worker: per-bill follow-ups (sponsor, actions, cosponsors, votes, related bills, amendments, news, the forecast's re-score), member enrichment and news, and report cards. */
import { fetchBillActions, fetchBillCosponsors, fetchBillDetail, fetchBillVotes } from '#shared/use-cases/bills/bill-tasks.ts';
import { fetchBillRelated } from '#shared/use-cases/bills/related-bills.ts';
import { fetchBillAmendments } from '#shared/use-cases/amendments/amendment-tasks.ts';
import { enrichMember } from '#shared/use-cases/members/member-tasks.ts';
import { computeStaleRecords } from '#shared/use-cases/members/member-record.ts';
import { fetchBillNews, fetchMemberNews } from '#shared/use-cases/news/fetch-news.ts';
import { scoreBillForecast } from '#shared/use-cases/forecasts/score-bill-forecast.ts';
import { logger } from '#shared/platform/logger.ts';
import { IngestTaskMessage } from '#shared/adapters/messaging/messages.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';

async function run(message: IngestTaskMessage, now: Date): Promise<Record<string, unknown>> {
  switch (message.type) {
    case 'fetch_sponsor_for_bill':
      return fetchBillDetail(message.bill_id, now);
    case 'fetch_bill_actions':
      return fetchBillActions(message.bill_id, now, message.milestone, message.demo);
    case 'fetch_bill_cosponsors':
      return fetchBillCosponsors(message.bill_id);
    case 'fetch_bill_votes':
      return fetchBillVotes(message.bill_id, now, message.votes);
    case 'fetch_bill_related':
      return fetchBillRelated(message.bill_id, now);
    case 'fetch_bill_amendments':
      return fetchBillAmendments(message.bill_id, now);
    case 'enrich_member':
      return enrichMember(message.member_id, now);
    case 'fetch_bill_news':
      return fetchBillNews(message.bill_id, now);
    case 'fetch_member_news':
      return fetchMemberNews(message.member_id, now);
    case 'compute_member_records':
      return computeStaleRecords(now);
    case 'score_bill_forecast':
      return scoreBillForecast(message.bill_id, now, message.demo);
  }
}

export const handler = sqsWorker('ingest-tasks', IngestTaskMessage(), async (message) => {
  logger.info('ingest task', { type: message.type, ...(await run(message, new Date())) });
});
