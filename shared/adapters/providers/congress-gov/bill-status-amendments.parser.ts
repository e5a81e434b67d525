/**
 * The `<amendments>` section of a GPO Bill Status file (v3 and the legacy
 * layout, which repeats number, description, purpose, congress and type
 * within each amendment) → our amendment records. The bill reader leaves the
 * section unparsed (./bill-status.parser.ts) and hands its text here.
 * Amendments to the amendments are listed in the section beside them, each
 * naming the amendment it amends.
 */
import * as z from 'zod';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { xmlParser } from '#shared/adapters/providers/transport/xml.ts';
import { normaliseAmendmentType } from '#shared/domain/amendments/amendment-id.ts';
import type { Amendment } from '#shared/domain/amendments/amendment.schema.ts';
import { amendmentRecord, dateOnly } from '#shared/domain/amendments/amendment-record.ts';
import { Person, RecordedVotes, items, opt, voteRefs } from './bill-status-fields.ts';
import { sponsorOf } from './person-name.ts';

const SOURCE = 'govinfo-billstatus';
/** The legacy layout lists some fields twice: the first is read. */
const once = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);
const numeric = z.string().regex(/^\d+$/).transform(Number);
const element = <T extends z.ZodRawShape>(shape: T) => z.union([z.object(shape).passthrough(), z.literal('')]).optional();

const Action = z.object({
  actionDate: z.string(),
  actionTime: opt,
  text: opt,
  actionCode: opt,
  sourceSystem: element({ name: opt }),
  recordedVotes: RecordedVotes,
});
const AmendmentNode = z.object({
  number: once(numeric),
  congress: once(numeric),
  type: once(z.string()),
  purpose: once(opt),
  description: once(opt),
  updateDate: once(opt),
  chamber: opt,
  submittedDate: opt,
  proposedDate: opt,
  latestAction: element({ actionDate: z.string(), text: opt }),
  // A member, or a committee by name (the Rules Committee's amendments considered adopted).
  sponsors: items(Person.partial({ bioguideId: true }).extend({ name: opt })),
  cosponsors: element({ totalCount: opt, count: opt, item: z.array(z.unknown()).optional() }),
  amendedBill: element({ congress: numeric, type: z.string(), number: numeric, title: opt }),
  amendedAmendment: element({ congress: numeric, type: z.string(), number: numeric }),
  amendedTreaty: element({ congress: numeric, treatyNumber: numeric.optional(), number: numeric.optional() }),
  actions: element({ actions: element({ item: z.array(Action) }) }),
});
type AmendmentNode = z.infer<typeof AmendmentNode>;

const cosponsorCount = (c: AmendmentNode['cosponsors']): number | null => {
  if (!c) return null;
  const n = c.totalCount ?? c.count;
  return n && /^\d+$/.test(n) ? Number(n) : (c.item?.length ?? null);
};

function recordOf(a: AmendmentNode, fetchedAt: string): Amendment | null {
  const type = normaliseAmendmentType(a.type);
  if (!type) return null;
  const listed = a.actions && a.actions.actions ? a.actions.actions.item : [];
  const sponsor = a.sponsors[0];
  const treaty = a.amendedTreaty ? (a.amendedTreaty.treatyNumber ?? a.amendedTreaty.number) : undefined;
  return amendmentRecord({
    congress: a.congress,
    type,
    number: a.number,
    sponsor: sponsor?.bioguideId ? sponsorOf({ ...sponsor, bioguideId: sponsor.bioguideId }) : null,
    sponsor_committee: sponsor && !sponsor.bioguideId ? (sponsor.name ?? null) : null,
    cosponsor_count: cosponsorCount(a.cosponsors),
    purpose: a.purpose ?? null,
    description: a.description ?? null,
    amended_bill: a.amendedBill
      ? { congress: a.amendedBill.congress, type: a.amendedBill.type, number: a.amendedBill.number, title: a.amendedBill.title ?? null }
      : null,
    amended_amendment: a.amendedAmendment ? { congress: a.amendedAmendment.congress, type: a.amendedAmendment.type, number: a.amendedAmendment.number } : null,
    amended_treaty: a.amendedTreaty && treaty !== undefined ? { congress: a.amendedTreaty.congress, number: treaty } : null,
    submitted_date: dateOnly(a.submittedDate),
    proposed_date: dateOnly(a.proposedDate),
    latest_action: a.latestAction && a.latestAction.text ? { date: a.latestAction.actionDate, text: a.latestAction.text } : null,
    actions: listed.map((x) => ({
      action_date: x.actionDate,
      action_time: x.actionTime || null,
      text: x.text ?? '',
      action_code: x.actionCode || null,
      source: (x.sourceSystem && x.sourceSystem.name) || null,
      recorded_votes: voteRefs(x.recordedVotes),
    })),
    text_versions: [],
    update_date: a.updateDate || null,
    provenance: { source: 'govinfo bill status', fetched_at: fetchedAt },
  });
}

/** The amendments of a Bill Status file's `<amendments>` section (its inner XML); an empty section has none. */
export function parseBillStatusAmendments(section: string, fetchedAt: string): Amendment[] {
  if (!section.trim()) return [];
  let doc: unknown;
  try {
    doc = xmlParser(['amendment', 'item', 'recordedVote']).parse(`<amendments>${section}</amendments>`);
  } catch (err) {
    throw new ProviderError(SOURCE, `amendments are not well-formed XML: ${(err as Error).message}`, { cause: err });
  }
  const Section = z.object({ amendments: z.union([z.object({ amendment: z.array(z.unknown()).default([]) }).passthrough(), z.literal('')]) });
  const root = parsePayload(SOURCE, 'bill status amendments', Section, doc).amendments;
  const nodes = root ? root.amendment : [];
  return nodes.flatMap((node, i) => {
    const parsed = parsePayload(SOURCE, `bill status amendment ${i}`, AmendmentNode, node);
    return recordOf(parsed, fetchedAt) ?? [];
  });
}
