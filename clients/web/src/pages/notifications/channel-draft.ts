/**
 * The settings form's draft and test-before-save, read from the channel table: the draft a saved setting starts,
 * what a save sends, what a channel's test sends (its unsaved values), and whether the values on screen are the
 * ones that last passed a test. A channel that is on and changed since it was saved must pass a test before Save.
 */
import type { BillWatchClient, paths } from '../../../../typescript/index.ts';
import { CHANNELS, channelRow, COMMON_KEYS, type Channel, type Draft, type Settings } from './channel-table.tsx';

/** What every channel's test answers (the test routes share one reply). */
export type TestResult = paths[`/api/notifications/test/${Channel}`]['post']['responses'][200]['content']['application/json'];

const enabledKey = (channel: Channel) => `${channel}_enabled` as const;

/** The draft of what is saved: every common key and every channel's keys; secrets start empty (null keeps them). */
export function draftOf(saved: Settings): Draft {
  const keys = [
    ...COMMON_KEYS,
    ...CHANNELS.flatMap((c) => [
      enabledKey(c),
      ...channelRow(c)
        .fields.filter((f) => !f.secret)
        .map((f) => f.key),
    ]),
  ];
  const secrets = CHANNELS.flatMap((c) =>
    channelRow(c)
      .fields.filter((f) => f.secret)
      .map((f) => f.key),
  );
  const read = saved as unknown as Record<string, unknown>;
  // The table covers every key of Draft (channel-table.tsx checks it at build time), so this is the whole draft.
  return Object.fromEntries([...keys.map((k) => [k, read[k] ?? null]), ...secrets.map((k) => [k, null])]) as Draft;
}

/** A secret is sent only when typed: left empty, the saved one stays. */
function withoutEmptySecrets(values: Record<string, unknown>, channels: readonly Channel[]): Record<string, unknown> {
  const out = { ...values };
  for (const c of channels) for (const f of channelRow(c).fields) if (f.secret && !out[f.key]) delete out[f.key];
  return out;
}

/** The body of the settings update (PUT). */
export const saveBody = (draft: Draft): Partial<Draft> => withoutEmptySecrets(draft, CHANNELS) as Partial<Draft>;

export const channelEnabled = (draft: Draft, channel: Channel): boolean => Boolean((draft as Record<string, unknown>)[enabledKey(channel)]);

/** Whether the values on screen are enough to test the channel with (the RSS feed needs none). */
export const testable = (draft: Draft, channel: Channel): boolean => channelRow(channel).fields.every((f) => !f.needed || Boolean(draft[f.key]));

/** The values of one channel a test checks, as a string to compare (the key of a passed test). */
export const channelValues = (draft: Draft, channel: Channel): string => JSON.stringify(channelRow(channel).fields.map((f) => draft[f.key]));

/** The channels that are on, changed from what is saved, and not tested with the values on screen. */
export function untestedChannels(draft: Draft, saved: Draft, passed: Partial<Record<Channel, string>>): Channel[] {
  return CHANNELS.filter((c) => {
    if (!channelEnabled(draft, c)) return false;
    const changed = channelValues(draft, c) !== channelValues(saved, c) || channelEnabled(saved, c) !== channelEnabled(draft, c);
    return changed && passed[c] !== channelValues(draft, c);
  });
}

/**
 * Runs a channel's test with the unsaved values on screen: its fields, a secret only when typed (the service then
 * uses the saved one for an unchanged target). A channel without fields (the feed) sends whether it is on, as on
 * screen: a feed that is off does not pass its test.
 */
export async function runChannelTest(client: BillWatchClient, channel: Channel, draft: Draft): Promise<TestResult | undefined> {
  const fields = channelRow(channel).fields;
  const body = fields.length
    ? withoutEmptySecrets(Object.fromEntries(fields.map((f) => [f.key, draft[f.key]])), [channel])
    : { [enabledKey(channel)]: channelEnabled(draft, channel) };
  // One route per channel, each taking its own fields: the table, not the path's type, says which.
  const post = client.POST as (path: string, init: { body?: unknown }) => Promise<{ data?: TestResult }>;
  return (await post(`/api/notifications/test/${channel}`, { body })).data;
}
