/**
 * One meeting from what its sources say (docs/product-rules.md, "One
 * meeting, many sources"). Each field is taken from the first source that
 * gives it, in SOURCE_PRECEDENCE: the chamber's own publisher (docs.house.gov,
 * senate.gov, the floor schedules) before Congress.gov, which republishes
 * them. Lists (committees, witnesses, documents) come whole from the first
 * source that has any; bills are the union of all. Status: `held` from any
 * source wins (it happened); otherwise a cancellation or postponement wins
 * when it is the latest word of any source; otherwise the first source's. A
 * meeting that moved after it was first seen and is still scheduled is
 * `rescheduled` (nextState).
 */
import { sortBillIds } from './bill-mentions.ts';
import type { MeetingFields, MeetingSource, MeetingStatus, Observation } from './meeting.schema.ts';

export const SOURCE_PRECEDENCE: readonly MeetingSource[] = [
  'house-docs',
  'house-witnesses',
  'senate-gov',
  'house-clerk',
  'house-floor',
  'senate-floor',
  'congress-gov',
];

export type Observations = Partial<Record<MeetingSource, Observation>>;

type ListField = 'committees' | 'witnesses' | 'documents';
const SCALARS = ['chamber', 'congress', 'type', 'starts_at', 'ends_at', 'all_day', 'location', 'title'] as const;

function ordered(observations: Observations): { source: MeetingSource; observation: Observation }[] {
  return SOURCE_PRECEDENCE.flatMap((source) => {
    const observation = observations[source];
    return observation ? [{ source, observation }] : [];
  });
}

function mergedStatus(list: ReturnType<typeof ordered>): MeetingStatus | undefined {
  const said = list.filter((o) => o.observation.fields.status !== undefined);
  if (said.some((o) => o.observation.fields.status === 'held')) return 'held';
  const latest = [...said].sort((a, b) => Date.parse(b.observation.observed_at) - Date.parse(a.observation.observed_at))[0];
  const latestStatus = latest?.observation.fields.status;
  if (latestStatus === 'cancelled' || latestStatus === 'postponed') return latestStatus;
  return said[0]?.observation.fields.status;
}

/** The meeting its sources describe, or null while none of them gives its chamber, Congress, type, start and title. */
export function mergeObservations(observations: Observations): MeetingFields | null {
  const list = ordered(observations);
  const first = <K extends keyof MeetingFields>(field: K): MeetingFields[K] | undefined =>
    list.find((o) => o.observation.fields[field] !== undefined)?.observation.fields[field] as MeetingFields[K] | undefined;
  const firstList = <K extends ListField>(field: K): MeetingFields[K] =>
    (list.find((o) => (o.observation.fields[field]?.length ?? 0) > 0)?.observation.fields[field] ?? []) as MeetingFields[K];
  const scalars = Object.fromEntries(SCALARS.map((f) => [f, first(f)])) as Partial<Pick<MeetingFields, (typeof SCALARS)[number]>>;
  const status = mergedStatus(list);
  const { chamber, congress, type, starts_at, title } = scalars;
  if (!chamber || congress === undefined || !type || !starts_at || title === undefined || !status) return null;
  return {
    chamber,
    congress,
    committees: firstList('committees'),
    type,
    status,
    starts_at,
    ends_at: scalars.ends_at ?? null,
    all_day: scalars.all_day ?? false,
    location: scalars.location ?? null,
    title,
    bill_ids: sortBillIds(list.flatMap((o) => o.observation.fields.bill_ids ?? [])),
    witnesses: firstList('witnesses'),
    documents: firstList('documents'),
  };
}

/**
 * The state to store after `merged`, given the stored one: a meeting whose
 * start moved while its sources still call it scheduled is rescheduled, and
 * stays so while they do.
 */
export function nextState(previous: MeetingFields | null, merged: MeetingFields): MeetingFields {
  if (!previous || merged.status !== 'scheduled') return merged;
  const moved = Date.parse(previous.starts_at) !== Date.parse(merged.starts_at);
  return moved || previous.status === 'rescheduled' ? { ...merged, status: 'rescheduled' } : merged;
}

/** Whether `incoming` is news for the stored observation of the same source: not older than it. */
export const isCurrentObservation = (stored: Observation | undefined, incoming: Observation): boolean =>
  !stored || Date.parse(incoming.observed_at) >= Date.parse(stored.observed_at);
