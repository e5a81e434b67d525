/**
 * Senate LIS roll-call XML (<roll_call_vote>) → ParsedVote. Positions are
 * keyed by LIS member id; resolveSenateIds maps them to Bioguide ids with the
 * ids the member data carries. A missing or malformed field is an error naming it.
 */
import * as z from 'zod';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { normaliseBillType } from '#shared/domain/bills/bill-id.ts';
import { ParsedVote } from '#shared/domain/votes/parsed-vote.schema.ts';
import { positionOf } from '#shared/domain/votes/vote-kind.ts';
import { textOf, xmlParser } from '#shared/adapters/providers/transport/xml.ts';

export const SENATE_LIS = 'senate-lis';
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const count = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => Number(v || 0))
  .pipe(z.number().int().nonnegative());
const Member = z.object({
  last_name: z.string(),
  first_name: z.string().optional(),
  party: z.string().optional(),
  state: z.string().optional(),
  // A live pair carries attributes (pair=, crp=), which the XML reader turns into an object: keep the text.
  vote_cast: z.union([z.string(), z.object({ '#text': z.string() })]).transform(textOf),
  lis_member_id: z.string().regex(/^S\d+$/),
});
const RollCall = z.object({
  congress: z.string().regex(/^\d+$/),
  session: z.string().regex(/^\d+$/),
  vote_number: z.string().regex(/^\d+$/),
  vote_date: z.string().min(1),
  question: z.string().optional(),
  vote_question_text: z.string().optional(),
  vote_result: z.string().min(1),
  majority_requirement: z.string().optional(),
  document: z.object({ document_type: z.string().optional(), document_number: z.string().optional() }).passthrough().optional(),
  count: z.object({ yeas: count, nays: count, present: count, absent: count }),
  members: z.object({ member: z.array(Member) }),
});

function isoDate(senate: string): string {
  const m = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})/.exec(senate.trim());
  const month = m ? MONTHS.indexOf((m[1] ?? '').toLowerCase()) + 1 : 0;
  if (!m || month === 0) throw new ProviderError(SENATE_LIS, `malformed roll call: field vote_date: "${senate}" is not a date`, { field: 'vote_date' });
  return `${m[3]}-${String(month).padStart(2, '0')}-${(m[2] ?? '').padStart(2, '0')}`;
}

/** Parses one Senate LIS roll-call document (member_id is null until resolveSenateIds). */
export function parseSenateVote(xml: string): ParsedVote {
  let doc: Record<string, unknown>;
  try {
    doc = xmlParser(['member']).parse(xml) as Record<string, unknown>;
  } catch (err) {
    throw new ProviderError(SENATE_LIS, `roll call is not well-formed XML: ${(err as Error).message}`, { cause: err });
  }
  const v = parsePayload(SENATE_LIS, 'roll call', z.object({ roll_call_vote: RollCall }), doc).roll_call_vote;
  const positions = v.members.member.map((m, i) => {
    const position = positionOf(m.vote_cast);
    if (!position) throw new ProviderError(SENATE_LIS, `malformed roll call: field members.member.${i}.vote_cast: unknown vote "${m.vote_cast}"`);
    return {
      member_id: null,
      lis_id: m.lis_member_id,
      name: m.first_name ? `${m.last_name}, ${m.first_name}` : m.last_name,
      party: m.party ?? null,
      state: m.state ?? null,
      position,
    };
  });
  const type = v.document?.document_type ? normaliseBillType(v.document.document_type) : null;
  const number = Number(v.document?.document_number ?? NaN);
  return ParsedVote().parse({
    chamber: 'senate',
    congress: Number(v.congress),
    session: Number(v.session),
    roll_number: Number(v.vote_number),
    date: isoDate(v.vote_date),
    question: v.vote_question_text || v.question || '',
    vote_type: v.majority_requirement ? `${v.majority_requirement} majority` : null,
    result: v.vote_result,
    yea: v.count.yeas,
    nay: v.count.nays,
    present: v.count.present,
    not_voting: v.count.absent,
    bill: type && Number.isInteger(number) ? { type, number } : null,
    positions,
  });
}

/** Fills Senate positions' member_id from an LIS → Bioguide map (unknown LIS ids stay null). */
export function resolveSenateIds(vote: ParsedVote, lisToBioguide: Map<string, string>): ParsedVote {
  return { ...vote, positions: vote.positions.map((p) => ({ ...p, member_id: p.member_id ?? (p.lis_id ? (lisToBioguide.get(p.lis_id) ?? null) : null) })) };
}
