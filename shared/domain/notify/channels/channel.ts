/**
 * What a notification channel declares in the domain: its settings keys and
 * their schemas (stored, updated, shown), when it is on, how its events are
 * recorded, the cross-key rules of a settings save, and its test route. One
 * module per channel in this folder, listed in index.ts (the channel table);
 * how a channel sends and is tested lives in its delivery module
 * (shared/use-cases/notify/channels/), which the domain cannot import. The settings
 * schemas, the delivery plan, the history record and the test routes are
 * built by iterating the table, so a new channel changes none of them.
 */
import type * as z from 'zod';

/** A field error of a settings save ({path: "body.push_url", message}). */
export interface SettingsError {
  path: string;
  message: string;
}

/** The prefs a channel's own rules read: its stored keys, parsed. */
export type ChannelPrefs<Stored extends z.ZodRawShape> = z.output<z.ZodObject<Stored>>;
/** The keys a settings update may carry for a channel, each optional. */
export type ChannelUpdate<Update extends z.ZodRawShape> = Partial<z.output<z.ZodObject<Update>>>;

/** The arguments of a channel's settings rules: the stored prefs, the prefs being made (mutable), the update and the sealer of secrets. */
export interface UpdateRuleArgs<Stored extends z.ZodRawShape, Update extends z.ZodRawShape> {
  current: ChannelPrefs<Stored>;
  next: ChannelPrefs<Stored>;
  update: ChannelUpdate<Update>;
  seal: (plain: string) => string;
}

export interface ChannelDeclaration<
  Name extends string = string,
  Delivery extends 'send' | 'read' = 'send' | 'read',
  Stored extends z.ZodRawShape = z.ZodRawShape,
  Update extends z.ZodRawShape = z.ZodRawShape,
  View extends z.ZodRawShape = z.ZodRawShape,
  Shown extends z.ZodRawShape = z.ZodRawShape,
> {
  name: Name;
  /** send: sent to the user (quiet hours, digests, claims and retries apply); read: a feed the user reads, marked at once. */
  delivery: Delivery;
  /** Its state in the history record; `since: 'later'`: records stored before the channel existed lack it and read 'off'. */
  history: { description: string; since: 'first' | 'later' };
  /** Its keys inside the stored notification_prefs, with the defaults a user who never saved any gets. */
  stored: () => Stored;
  /** Stored keys never shown (sealed secrets); `view` says what is shown instead. */
  hidden: readonly (keyof Stored & string)[];
  /** The keys a settings update (PUT) may carry. */
  update: () => Update;
  /** Update keys not copied as they are (secrets, sealed by `applyUpdate`). */
  writeOnly: readonly (keyof Update & string)[];
  /** The keys the settings view adds (their values come from the channel's delivery module). */
  view: () => View;
  /** Keys shown only in the reply of the save that made them (a secret shown once). */
  shownOnSave?: () => Shown;
  /** Whether the channel is configured and on. */
  isOn: (prefs: ChannelPrefs<Stored>) => boolean;
  /** The channel's rules of a settings save, after the plain keys were copied: adjusts `next`, returns what refuses the save. */
  applyUpdate: (args: UpdateRuleArgs<Stored, Update>) => SettingsError[];
  /** Its test route, POST /api/notifications/test/{name}: the route table's text and the request body, if it takes one. */
  test: { operationId: string; summary: string; description: string; request?: () => z.ZodType };
}

/** A declaration as the table holds it: the rules take the whole prefs, of which the channel reads its own keys. */
export type AnyChannel = Omit<ChannelDeclaration, 'isOn' | 'applyUpdate' | 'hidden' | 'writeOnly'> & {
  hidden: readonly string[];
  writeOnly: readonly string[];
  isOn: (prefs: Readonly<Record<string, unknown>>) => boolean;
  applyUpdate: (args: UpdateRuleArgs<z.ZodRawShape, z.ZodRawShape>) => SettingsError[];
};

/**
 * Declares a channel, typed by its own keys. The table passes the whole
 * prefs (a superset: every channel's keys, parsed by the schema built from
 * these declarations), so a rule typed by the channel's own keys reads them
 * as declared.
 */
export function defineChannel<
  const Name extends string,
  const Delivery extends 'send' | 'read',
  Stored extends z.ZodRawShape,
  Update extends z.ZodRawShape,
  View extends z.ZodRawShape,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a channel that shows nothing on save adds no keys
  Shown extends z.ZodRawShape = {},
>(
  declaration: ChannelDeclaration<Name, Delivery, Stored, Update, View, Shown>,
): Omit<ChannelDeclaration<Name, Delivery, Stored, Update, View, Shown>, 'isOn' | 'applyUpdate'> & Pick<AnyChannel, 'isOn' | 'applyUpdate'> {
  return declaration as unknown as Omit<ChannelDeclaration<Name, Delivery, Stored, Update, View, Shown>, 'isOn' | 'applyUpdate'> &
    Pick<AnyChannel, 'isOn' | 'applyUpdate'>;
}
