/** The ordered list of data migrations; a domain adds its own here. */
import type { Migration } from './migration.ts';
import { briefShareTokens } from './0001-brief-share-tokens.ts';
import { countUnlabeledBriefs } from './0002-count-unlabeled-briefs.ts';
import { memberNameCards } from './0003-member-name-cards.ts';
import { adminCount } from './0004-admin-count.ts';

export const MIGRATIONS: readonly Migration[] = [briefShareTokens, countUnlabeledBriefs, memberNameCards, adminCount];
