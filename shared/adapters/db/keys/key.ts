/**
 * What the entity key files (./*.keys.ts) build with. Each of them declares,
 * once, the keys of one entity (or of the few entities that share a
 * partition): its primary key builders, the sort-key prefixes its Query reads
 * begin with, and its keys on the secondary indexes, by the index's
 * access-pattern name (../table.ts). Every key string the table stores is
 * spelled in exactly one of these files; repositories, migrations, seeds and
 * tests build keys only through them.
 */
import { INDEX, type IndexName } from '../table.ts';

/** The primary key of one item. */
export type ItemKey = { pk: string; sk: string };

/** The sort key of an entity's main record in its own partition (a bill's, a roll call's). */
export const META = 'META';
/** The sort key of a person's record in their own partition (a user's, a member's). */
export const PROFILE = 'PROFILE';
/** Stands in for a missing date in a sort key, so undated items sort first ascending, last descending. */
export const UNDATED = '0000-00-00';

/** An item's partition and sort values on one secondary index, as the attributes to store on it. */
export const onIndex = (index: IndexName, pk: string, sk: string): Record<string, string> => ({
  [INDEX[index].pk]: pk,
  [INDEX[index].sk]: sk,
});
