/**
 * Reading the channel table (index.ts): the channel names, the ones that
 * are sent, a declaration by name, and the settings shapes of every channel
 * merged, for the schemas built from them (prefs.schema.ts, notification.schema.ts).
 */
import type * as z from 'zod';
import type { AnyChannel } from './channel.ts';
import { CHANNEL_TABLE } from './index.ts';

type Table = (typeof CHANNEL_TABLE)[number];
/** The name of a channel of the table. */
export type ChannelName = Table['name'];
/** The channels that are sent (a feed is read, not sent). */
export type SendChannel = Extract<Table, { delivery: 'send' }>['name'];

type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every channel's stored settings keys, as one shape. */
export type StoredShape = Merged<ReturnType<Table['stored']>>;
/** Every channel's settings update keys, as one shape. */
export type UpdateShape = Merged<ReturnType<Table['update']>>;
/** Every channel's view keys, as one shape. */
export type ViewShape = Merged<ReturnType<Table['view']>>;

/** Every channel's keys shown only in the reply of the save that made them. */
export type ShownOnSaveShape = Merged<ShownOf<Table>>;
type ShownOf<T> = T extends { shownOnSave?: () => infer S } ? S : never;

/** The table as code that iterates it reads it. */
export const channelTable = (): readonly AnyChannel[] => CHANNEL_TABLE;
/** The names of the channels, in table order. */
export const channelNames = (): ChannelName[] => channelTable().map((c) => c.name as ChannelName);
/** The names of the channels that are sent, in table order. */
export const sendChannels = (): SendChannel[] => channelTable().flatMap((c) => (c.delivery === 'send' ? [c.name as SendChannel] : []));

/** The declaration of a channel by name. */
export function channelNamed(name: string): AnyChannel {
  const found = channelTable().find((c) => c.name === name);
  if (!found) throw new Error(`no channel named ${name}`);
  return found;
}

/** One shape of every channel's `part` (each call builds the channels' schemas: call it inside a lazySchema). */
export function mergedShape(part: 'stored' | 'update' | 'view'): z.ZodRawShape {
  return Object.assign({}, ...channelTable().map((c) => c[part]()));
}

/** The keys only the reply of a save shows (a secret made by it). */
export const shownOnSaveShape = (): z.ZodRawShape => Object.assign({}, ...channelTable().map((c) => c.shownOnSave?.() ?? {}));
/** Stored keys never shown. */
export const hiddenKeys = (): string[] => channelTable().flatMap((c) => [...c.hidden]);
/** Update keys not copied as they are. */
export const writeOnlyKeys = (): string[] => channelTable().flatMap((c) => [...c.writeOnly]);
