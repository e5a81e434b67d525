/**
 * The alignment view: how often each followed member voted the way the
 * caller's stanced bill follows want (rules in alignment-math.ts).
 * Steps: 1. read the caller's follows (one Query) and split stanced bill
 *   follows from member follows; 2. read the roll calls of each stanced bill
 *   (one Query per bill); 3. BatchGet only the followed members' positions in
 *   those roll calls; 4. compute and rank each member's figures; 5. attach
 *   member and bill summaries. Every read is bounded by what the caller
 *   follows, never by how many bills exist.
 */
import type { User } from '#shared/domain/users/user.schema.ts';
import { getBills } from '#shared/adapters/db/bills.repository.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import { getMembers } from '#shared/adapters/db/members.repository.ts';
import { listBillVotes, listRollCallPositions } from '#shared/adapters/db/votes.repository.ts';
import { alignMember, rankAlignments, type MemberAlignment, type RecordedPosition, type StanceOnBill } from '#shared/domain/personal/alignment-math.ts';
import { memberSummary, type MemberSummary } from '#shared/domain/personal/summaries.ts';

export interface AlignmentEntry extends Omit<MemberAlignment, 'votes'> {
  member: MemberSummary | { id: string };
  /** Present when the member has no counted vote: why they are listed last. */
  note: string | null;
  votes: (MemberAlignment['votes'][number] & { bill_label: string | null })[];
}

export interface AlignmentView {
  items: AlignmentEntry[];
  stanced_bills: number;
  followed_members: number;
  method: string;
}

const METHOD =
  'Counts every passage vote on your hold_boost (wanted Yea) and hold_veto (wanted Nay) bills, whenever it was cast; ' +
  'before_stance and after_stance split the count by when you took the stance. ' +
  'Procedural votes (cloture, recommit, rules, amendments) and votes not cast are listed but not counted.';

const NO_VOTES_NOTE = 'No comparable votes: no passage vote on your stanced bills yet';

/** The caller's alignment view. */
export async function alignmentFor(user: User): Promise<AlignmentView> {
  const follows = await listFollows(user.id);
  const stances: StanceOnBill[] = follows.flatMap((f) =>
    f.target_type === 'bill' && (f.follow_mode === 'hold_boost' || f.follow_mode === 'hold_veto')
      ? [{ bill_id: f.target_id, stance: f.follow_mode, since: f.mode_set_at ?? f.created_at }]
      : [],
  );
  const memberIds = follows.filter((f) => f.target_type === 'member').map((f) => f.target_id);
  if (memberIds.length === 0) return { items: [], stanced_bills: stances.length, followed_members: 0, method: METHOD };

  const rollCalls = (await Promise.all(stances.map((s) => listBillVotes(s.bill_id)))).flat();
  const positions = (await Promise.all(rollCalls.map((r) => listRollCallPositions(r.vote_id, memberIds)))).flat();
  const byMember = new Map<string, RecordedPosition[]>();
  for (const p of positions) {
    if (!p.bill_id) continue;
    const list = byMember.get(p.member_id) ?? [];
    list.push({ vote_id: p.vote_id, bill_id: p.bill_id, date: p.date, question: p.question, vote_type: p.vote_type, result: p.result, position: p.position });
    byMember.set(p.member_id, list);
  }

  const ranked = rankAlignments(memberIds.map((id) => alignMember(id, stances, byMember.get(id) ?? [])));
  const [members, bills] = await Promise.all([getMembers(memberIds), getBills(stances.map((s) => s.bill_id))]);
  const memberById = new Map(members.map((m) => [m.id, memberSummary(m)]));
  const labelById = new Map(bills.map((b) => [b.id, b.label]));
  const items = ranked.map(({ votes, ...figures }) => ({
    ...figures,
    member: memberById.get(figures.member_id) ?? { id: figures.member_id },
    note: figures.comparable ? null : NO_VOTES_NOTE,
    votes: votes.map((v) => ({ ...v, bill_label: labelById.get(v.bill_id) ?? null })),
  }));
  return { items, stanced_bills: stances.length, followed_members: memberIds.length, method: METHOD };
}
