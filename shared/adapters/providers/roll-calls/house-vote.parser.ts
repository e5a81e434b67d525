/**
 * House clerk roll-call XML (<rollcall-vote>) → ParsedVote. Handles the
 * modern files (legislator name-id = Bioguide id), historical ones without
 * ids, the Aye/No vocabulary, Committee of the Whole votes (<committee>
 * instead of <chamber>) with the amendment they decide (<amendment-num>,
 * <amendment-author>), and roll calls counted per candidate (an election of
 * the Speaker, a call of the House), which publish <totals-by-candidate>
 * rows instead of <totals-by-vote> and record a candidate's name as each
 * member's vote. A missing or malformed field is an error naming it.
 */
import * as z from 'zod';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { normaliseBillType } from '#shared/domain/bills/bill-id.ts';
import { ParsedVote, type ParsedPosition } from '#shared/domain/votes/parsed-vote.schema.ts';
import { positionOf } from '#shared/domain/votes/vote-kind.ts';
import { textOf, xmlParser } from '#shared/adapters/providers/transport/xml.ts';

export const HOUSE_CLERK = 'house-clerk';
const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

const count = z
  .union([z.string(), z.number()])
  .transform((v) => Number(v || 0))
  .pipe(z.number().int().nonnegative());
const Metadata = z.object({
  congress: z.string().regex(/^\d+$/),
  session: z.string().regex(/^\d+/),
  'rollcall-num': z.string().regex(/^\d+$/),
  'legis-num': z.string().optional(),
  'amendment-num': z.string().regex(/^\d+$/).optional(),
  'amendment-author': z.string().optional(),
  'vote-question': z.string().min(1),
  'vote-type': z.string().optional(),
  // A call of the House may publish an empty result; every other roll call names one (checked below).
  'vote-result': z.string().default(''),
  'action-date': z.string().regex(/^\d{1,2}-[A-Za-z]{3}-\d{4}$/),
  'vote-totals': z.union([
    z.object({ 'totals-by-vote': z.object({ 'yea-total': count, 'nay-total': count, 'present-total': count, 'not-voting-total': count }) }),
    z.object({ 'totals-by-candidate': z.array(z.object({ candidate: z.union([z.string(), z.number()]).transform(String), 'candidate-total': count })).min(1) }),
  ]),
});
const Legislator = z.union([
  z.string(),
  z.object({ '#text': z.string(), '@_name-id': z.string().optional(), '@_party': z.string().optional(), '@_state': z.string().optional() }).passthrough(),
]);
const RecordedVote = z.object({ legislator: Legislator, vote: z.string() });

function isoDate(clerk: string): string {
  const [d, m, y] = clerk.split('-') as [string, string, string];
  return `${y}-${MONTHS[m.toLowerCase()] ?? '00'}-${d.padStart(2, '0')}`;
}

/** "H R 21" → {type: hr, number: 21}; "QUORUM" and the like → null. */
function billOf(legisNum: string | undefined) {
  const m = /^([A-Z .]+?)\s*(\d+)$/i.exec((legisNum ?? '').trim());
  const type = m ? normaliseBillType(m[1] ?? '') : null;
  return m && type ? { type, number: Number(m[2]) } : null;
}

/** Parses one House clerk roll-call document. */
export function parseHouseVote(xml: string): ParsedVote {
  let doc: Record<string, unknown>;
  try {
    doc = xmlParser(['recorded-vote', 'totals-by-candidate']).parse(xml) as Record<string, unknown>;
  } catch (err) {
    throw new ProviderError(HOUSE_CLERK, `roll call is not well-formed XML: ${(err as Error).message}`, { cause: err });
  }
  const root = doc['rollcall-vote'] as Record<string, unknown> | undefined;
  if (!root) throw new ProviderError(HOUSE_CLERK, 'malformed roll call: field rollcall-vote: missing', { field: 'rollcall-vote' });
  const meta = parsePayload(HOUSE_CLERK, 'roll call', z.object({ 'vote-metadata': Metadata }), root)['vote-metadata'];
  const rows = parsePayload(HOUSE_CLERK, 'roll call', z.object({ 'vote-data': z.object({ 'recorded-vote': z.array(RecordedVote).default([]) }) }), root)[
    'vote-data'
  ]['recorded-vote'];
  const totals = meta['vote-totals'];
  if (!('totals-by-candidate' in totals) && !meta['vote-result']) {
    throw new ProviderError(HOUSE_CLERK, 'malformed roll call: field vote-metadata.vote-result: missing', { field: 'vote-metadata.vote-result' });
  }
  const candidates =
    'totals-by-candidate' in totals ? totals['totals-by-candidate'].map((c) => ({ candidate: c.candidate.trim(), total: c['candidate-total'] })) : null;
  const positions: ParsedPosition[] = rows.map((r, i) => {
    const leg = typeof r.legislator === 'string' ? { '#text': r.legislator } : r.legislator;
    const { position, choice } = candidates ? candidateChoice(r.vote, candidates, i) : { position: positionOf(r.vote), choice: null };
    if (!position) throw new ProviderError(HOUSE_CLERK, `malformed roll call: field vote-data.recorded-vote.${i}.vote: unknown vote "${r.vote}"`);
    return {
      member_id: ('@_name-id' in leg && leg['@_name-id']) || null,
      lis_id: null,
      name: textOf(leg),
      party: ('@_party' in leg && leg['@_party']) || null,
      state: ('@_state' in leg && leg['@_state']) || null,
      position,
      choice,
    };
  });
  const counts = candidates ? candidateCounts(candidates) : countsOf(totals);
  return ParsedVote().parse({
    chamber: 'house',
    congress: Number(meta.congress),
    session: Number.parseInt(meta.session, 10),
    roll_number: Number(meta['rollcall-num']),
    date: isoDate(meta['action-date']),
    question: meta['vote-question'],
    vote_type: meta['vote-type'] ?? null,
    result: meta['vote-result'],
    ...counts,
    tally_kind: candidates ? 'candidates' : 'positions',
    candidate_totals: candidates,
    bill: billOf(meta['legis-num']),
    amendment: meta['amendment-num'] ? { number: Number(meta['amendment-num']), author: meta['amendment-author'] ?? '' } : null,
    positions,
  });
}

type Totals = z.infer<typeof Metadata>['vote-totals'];
type Candidates = { candidate: string; total: number }[];

const countsOf = (totals: Totals) => {
  const t = 'totals-by-vote' in totals ? totals['totals-by-vote'] : { 'yea-total': 0, 'nay-total': 0, 'present-total': 0, 'not-voting-total': 0 };
  return { yea: t['yea-total'], nay: t['nay-total'], present: t['present-total'], not_voting: t['not-voting-total'] };
};

/** A candidate tally has no yeas or nays; its Present and Not Voting rows are those counts. */
function candidateCounts(candidates: Candidates) {
  const total = (label: string) => candidates.find((c) => positionOf(c.candidate) === label)?.total ?? 0;
  return { yea: 0, nay: 0, present: total('Present'), not_voting: total('Not Voting') };
}

/** A member's vote in a candidate tally: Present or Not Voting as such, otherwise a vote for the named candidate. */
function candidateChoice(vote: string, candidates: Candidates, i: number): { position: ParsedPosition['position']; choice: string | null } {
  const label = vote.trim();
  const plain = positionOf(label);
  if (plain === 'Present' || plain === 'Not Voting') return { position: plain, choice: null };
  if (!candidates.some((c) => c.candidate === label)) {
    throw new ProviderError(HOUSE_CLERK, `malformed roll call: field vote-data.recorded-vote.${i}.vote: "${label}" is not a candidate of this roll call`);
  }
  return { position: 'Candidate', choice: label };
}
