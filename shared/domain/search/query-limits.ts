/**
 * What a search query may hold (issue 32.7): every rule measures the query
 * once normalised, as the index tokenizes it, so a word of any script and a
 * character that normalisation multiplies (U+3316 is six letters, U+FDFA
 * eighteen) count what they become. Pure.
 */
import { hasOverlongNameToken } from '#shared/domain/members/name-tokens.ts';
import { MAX_TOKEN_LENGTH, tokens } from './search-query.ts';

/** Why a query is refused (a 422's message), or null when it may run. */
export function searchQueryProblem(q: string): string | null {
  if (tokens(q).some((w) => w.length > MAX_TOKEN_LENGTH) || hasOverlongNameToken(q))
    return `has a word longer than ${MAX_TOKEN_LENGTH} letters once normalised`;
  return null;
}
