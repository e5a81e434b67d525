/**
 * Name tokens for member search: 'Pelosi, Nancy' and 'Nancy Pelosi' give the
 * same set, so either form finds the member. Accents are folded.
 */
export function nameTokens(name: string): string[] {
  return normalisedTokens(name).filter((t) => t.length <= MAX_NAME_TOKEN_LENGTH);
}

/** The tokens a member is found by: its name's and its nickname's ("Sanders, Bernard" and "Bernie"). */
export const memberSearchTokens = (m: { name: string; nickname?: string | null }): string[] => nameTokens(`${m.name} ${m.nickname ?? ''}`);

/**
 * The longest name token. Tokens become keys, and normalising can multiply a
 * text's length ("ﬃ" is "ffi"), so the bound is on the normalised token.
 */
export const MAX_NAME_TOKEN_LENGTH = 64;

/** True when a name search holds a token longer than any name's once normalised. */
export const hasOverlongNameToken = (q: string): boolean => normalisedTokens(q).some((t) => t.length > MAX_NAME_TOKEN_LENGTH);

function normalisedTokens(name: string): string[] {
  return [
    ...new Set(
      name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9\s,'-]/g, ' ')
        .split(/[\s,]+/)
        .map((t) => t.replace(/^['-]+|['-]+$/g, ''))
        .filter((t) => t.length > 0),
    ),
  ];
}

/** True when every query token starts some token of the name (so "nan pel" finds "Pelosi, Nancy"); `tokens` are the name's, or a member's search tokens. */
export function nameMatches(queryTokens: string[], name: string, tokens: readonly string[] = nameTokens(name)): boolean {
  return queryTokens.every((q) => tokens.some((t) => t.startsWith(q)));
}
