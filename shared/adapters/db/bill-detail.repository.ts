/**
 * The bill detail read: one Query on BILL#{id} returns the record and every
 * item beside it (actions, text versions, briefs, cosponsors, votes, news,
 * related bills and reintroductions, CRS summaries and facts), which
 * are sorted out here by their sort-key prefix.
 */
import { Brief, publishable } from '#shared/domain/briefs/brief.schema.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { TextVersion } from '#shared/domain/bills/text-version.schema.ts';
import { sortVersions } from '#shared/domain/bills/text-version-order.ts';
import { queryAll } from './dynamo.ts';
import { query } from './expressions.ts';
import { billFromItem } from './bills.repository.ts';
import { actionKeys } from './keys/action.keys.ts';
import { billKeys } from './keys/bill.keys.ts';
import { briefKeys } from './keys/brief.keys.ts';
import { cosponsorKeys } from './keys/cosponsor.keys.ts';
import { newsKeys } from './keys/news.keys.ts';
import { textVersionKeys } from './keys/text-version.keys.ts';
import { voteKeys } from './keys/vote.keys.ts';
import { relatedFromPartition } from './related-bills.repository.ts';
import { factsFromPartition, summariesFromPartition } from './bill-facts.repository.ts';
import type { BillFacts, CrsSummary } from '#shared/domain/bills/bill-status-facts.schema.ts';

export interface BillPartition {
  bill: Bill;
  latestBrief: Brief | null;
  textVersions: TextVersion[];
  counts: { actions: number; text_versions: number; briefs: number; cosponsors: number; votes: number; news: number };
  /** Related bills, the bill this one reintroduces and the later bills reintroducing it. */
  related: ReturnType<typeof relatedFromPartition>;
  /** The CRS summaries, oldest first, and the subjects, laws and committee reports (from Bill Status files; null before any). */
  summaries: CrsSummary[];
  facts: BillFacts | null;
}

/** The bill with what its detail view shows, from one Query; null for an unknown bill. */
export async function getBillPartition(billId: string): Promise<BillPartition | null> {
  const items = await queryAll(query({ pk: billKeys.partition(billId) }));
  const meta = items.find(billKeys.isMeta);
  if (!meta) return null;
  const prefixed = (p: string) => items.filter((i) => String(i.sk).startsWith(p));
  const briefs = prefixed(briefKeys.prefix)
    .map((i) => Brief().safeParse(publishable(i)))
    .flatMap((r) => (r.success ? [r.data] : []))
    .sort((a, b) => b.version - a.version);
  const texts = sortVersions(prefixed(textVersionKeys.prefix).map((i) => TextVersion().parse(i)));
  return {
    bill: billFromItem(meta),
    latestBrief: briefs[0] ?? null,
    textVersions: texts,
    related: relatedFromPartition(items),
    summaries: summariesFromPartition(items),
    facts: factsFromPartition(items),
    counts: {
      actions: prefixed(actionKeys.prefix).length,
      text_versions: texts.length,
      briefs: briefs.length,
      cosponsors: prefixed(cosponsorKeys.prefix).length,
      votes: prefixed(voteKeys.billVotePrefix).length,
      news: prefixed(newsKeys.prefix).length,
    },
  };
}
