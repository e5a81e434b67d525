/**
 * What the Amendments endpoints return (GET /api/bills/{id}/amendments and
 * GET /api/amendments/{id}): the public shapes (zod, for the OpenAPI
 * document) and the pure functions that build them from stored records.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { VotePosition } from '#shared/domain/votes/vote.schema.ts';
import { Amendment, AmendmentAction, AmendmentRollCall, AmendmentTextVersion } from './amendment.schema.ts';

/** An amendment as a bill's list shows it: everything but its actions and text versions, with its roll calls' tallies. */
export const AmendmentListItem = lazySchema(() =>
  Amendment()
    .omit({ actions: true, text_versions: true, provenance: true })
    .extend({
      roll_calls: z.array(AmendmentRollCall()).describe('The roll calls on it, oldest first (tallies; GET /api/amendments/{id} has the positions)'),
      has_text: z.boolean().describe('Whether a text of it is published'),
      data_as_of: z.string().describe('When the data was fetched from its source (ISO 8601, UTC)'),
    })
    .meta({ id: 'AmendmentListItem', description: 'An amendment as its bill lists it: sponsor, purpose, status, latest action and roll-call tallies' }),
);
export type AmendmentListItem = z.infer<ReturnType<typeof AmendmentListItem>>;

/** A member's position on an amendment's roll call: the roll call's own position without a candidate choice. */
export const AmendmentPosition = lazySchema(() => VotePosition().omit({ choice: true }));

/** One amendment with its actions, text versions and each roll call with every member's position. */
export const AmendmentDetailView = lazySchema(() =>
  AmendmentListItem()
    .extend({
      actions: z.array(AmendmentAction()).describe('Its actions, newest first'),
      text_versions: z.array(AmendmentTextVersion()).describe('Its published text versions, newest first (empty until published)'),
      roll_calls: z
        .array(AmendmentRollCall().extend({ positions: z.array(AmendmentPosition()).describe("Every member's position, by name") }))
        .describe("The roll calls on it, oldest first, each with every member's position"),
    })
    .meta({ id: 'Amendment', description: 'An amendment with its actions, published text and its roll calls with member positions' }),
);
export type AmendmentDetailView = z.infer<ReturnType<typeof AmendmentDetailView>>;

type Stored = Amendment & { roll_calls: AmendmentRollCall[] };

/** The list item of a stored amendment. */
export function amendmentListItem(a: Stored): AmendmentListItem {
  const { actions: _actions, text_versions, provenance, ...rest } = a;
  return { ...rest, has_text: text_versions.length > 0, data_as_of: provenance.fetched_at };
}

/** The detail of a stored amendment, with the positions of each of its roll calls (by vote id). */
export function amendmentDetailView(
  a: Stored,
  positions: ReadonlyMap<
    string,
    readonly {
      member_id: string;
      name: string;
      party: string | null;
      state: string | null;
      position: AmendmentDetailView['roll_calls'][number]['positions'][number]['position'];
    }[]
  >,
): AmendmentDetailView {
  const byName = (x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name);
  return {
    ...amendmentListItem(a),
    actions: a.actions,
    text_versions: a.text_versions,
    roll_calls: a.roll_calls.map((r) => ({
      ...r,
      positions: [...(positions.get(r.vote_id) ?? [])]
        .map((p) => ({ member_id: p.member_id, name: p.name, party: p.party, state: p.state, position: p.position }))
        .sort(byName),
    })),
  };
}

/** An amendment as the bulk snapshot holds it: the detail without the positions (the votes file has them, by vote id). */
export function amendmentBulkRecord(a: Stored): AmendmentListItem & Pick<Amendment, 'actions' | 'text_versions'> {
  return { ...amendmentListItem(a), actions: a.actions, text_versions: a.text_versions };
}
