/**
 * Token items (docs/data-model.md A14): TOKEN#{kind}#{token} / TOKEN points a
 * share, RSS, calendar or unsubscribe token at its owner; read with a strongly
 * consistent GetItem, unique by condition.
 */
import type { ItemKey } from './key.ts';

export type TokenKind = 'brief' | 'collection' | 'rss' | 'calendar' | 'unsubscribe';

export const tokenKeys = {
  token: (kind: TokenKind, token: string): ItemKey => ({ pk: `TOKEN#${kind}#${token}`, sk: 'TOKEN' }),
} as const;
