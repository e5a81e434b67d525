/** The ordered list of data migrations; a domain adds its own here. */
import type { Migration } from './migration.ts';

export const MIGRATIONS: readonly Migration[] = [];
