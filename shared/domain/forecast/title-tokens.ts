/**
 * The words of a bill's titles as the forecast's text model reads them:
 * unigrams and bigrams of the official title, the opening words (the drafting
 * formula: "to designate the facility", "to amend title 38"), the short title's
 * words, and a token for a bill without a short title. Numbers become `#` so
 * "title 38" survives and post office street numbers do not.
 */

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    // Title and chapter numbers ("title 38", "chapter 11") carry meaning; other numbers are addresses and years.
    .map((w, i, all) => (/^\d+$/.test(w) && !/^(title|chapter|section)$/.test(all[i - 1] ?? '') ? '#' : w));

/** The drafting formulas of official titles begin "A bill to" (Senate) or "To" (House); both read as "to". */
const opening = (title: string[]): string[] => {
  const start = title[0] === 'a' && (title[1] === 'bill' || title[1] === 'joint') ? title.indexOf('to') : 0;
  return title.slice(Math.max(0, start), Math.max(0, start) + 4);
};

/** The distinct tokens of a bill's titles, in first-seen order. */
export function titleTokens(title: string, shortTitle: string | null): string[] {
  const t = words(title);
  const out = new Set<string>();
  for (let i = 0; i < t.length; i += 1) {
    out.add(t[i]!);
    if (i + 1 < t.length) out.add(`${t[i]} ${t[i + 1]}`);
  }
  const lead = opening(t);
  for (let n = 2; n <= lead.length; n += 1) out.add(`^${lead.slice(0, n).join(' ')}`);
  if (shortTitle) for (const w of words(shortTitle)) out.add(`s:${w}`);
  else out.add('s:(none)');
  return [...out];
}

/**
 * Kinds of bill that the tree models read directly, each a family of titles
 * whose fate differs from the rest: namings and commemorations mostly pass,
 * tax and constitutional bills rarely do.
 */
export const TITLE_KINDS: Record<string, RegExp> = {
  post_office: /\bpostal service\b.*\b(located|designate)|\bdesignate the facility\b/i,
  naming: /\bto (re)?(designate|name)\b/i,
  commemorative: /\b(commemorative coins?|congressional gold medal|in recognition of|anniversary)\b/i,
  conveyance: /\b(convey|conveyance|land exchange|exchange of land|transfer of administrative jurisdiction)\b/i,
  private_relief: /\bfor the relief of\b/i,
  reauthorize: /\b(reauthori[sz]e|reauthori[sz]ation|extend the authori[sz]ation|authori[sz]e appropriations)\b/i,
  technical: /\b(technical (and conforming )?(corrections|amendments)|clarify)\b/i,
  veterans_title38: /\btitle 38\b|\bveterans\b/i,
  tax_code: /\binternal revenue code\b/i,
  social_security: /\bsocial security act\b/i,
  constitution: /\bamendment to the constitution\b/i,
  appropriations: /\bmaking (continuing |supplemental |further )?appropriations\b|\bappropriations for\b/i,
  prohibit: /\bto (prohibit|repeal|prevent)\b/i,
  study: /\b(study|report|commission)\b/i,
  indian_tribe: /\b(indian|tribe|tribal|band of)\b/i,
  wild_scenic: /\b(wilderness|national park|heritage area|wild and scenic|national forest|historic site)\b/i,
};
