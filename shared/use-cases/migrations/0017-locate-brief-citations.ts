/**
 * Migration 0017: puts every stored brief through the citation check of the
 * quote locator (shared/use-cases/briefs/locate-stored-citations.ts), so each
 * published quote carries the offsets "Show in the text" highlights, its
 * label comes from the text's structure, and a point whose quote is not in
 * the text is withheld. Until it has run, readers withhold the points whose
 * quotes have no offsets. Scans brief items once, at deploy (see
 * docs/data-model.md); re-running changes nothing.
 */
import { locateStoredCitations } from '#shared/use-cases/briefs/locate-stored-citations.ts';
import type { Migration } from './migration.ts';

export const locateBriefCitations: Migration = {
  id: '0017',
  description: 'Locate the quote of every stored brief point in its text (offsets, structural labels); withhold quotes not in the text',
  up: locateStoredCitations,
};
