/** Party names as the providers spell them, reduced to the one-letter codes members are stored with. */

const PARTY_CODES: Record<string, string> = { democratic: 'D', democrat: 'D', republican: 'R', independent: 'I', libertarian: 'L' };

/** "Democratic" → "D"; codes pass through. */
export const partyCode = (p: string | null | undefined): string | null => (p ? (PARTY_CODES[p.toLowerCase()] ?? (p.length <= 3 ? p.toUpperCase() : p)) : null);
