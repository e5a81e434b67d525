/** US state and territory names → 2-letter codes (providers send either), and their census FIPS codes. */
const STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
  guam: 'GU',
  'virgin islands': 'VI',
  'u.s. virgin islands': 'VI',
  'american samoa': 'AS',
  'northern mariana islands': 'MP',
};
const CODES = new Set(Object.values(STATES));

/** The 2-letter code of a state name or code; null when unknown. */
export function stateCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (CODES.has(v.toUpperCase())) return v.toUpperCase();
  return STATES[v.toLowerCase()] ?? null;
}

/** Codes that are also words a query may be ("in", "or"): they name the state only in capitals. */
const WORD_CODES = new Set(['IN', 'OR']);

/**
 * The state a whole search query names: its name ("Vermont", "new york") or its code ("VT", "vt"); null
 * otherwise. "IN" and "OR" name Indiana and Oregon only in capitals: in lower case they are words.
 */
export function stateOfQuery(q: string): string | null {
  const text = q.trim().replace(/\s+/gu, ' ');
  const code = stateCode(text);
  if (!code) return null;
  return text.length === 2 && WORD_CODES.has(code) && text !== code ? null : code;
}

const NAMES = new Map(
  Object.entries(STATES)
    .reverse()
    .map(([name, code]) => [code, name.replace(/\b(?!of\b)[a-z]/g, (c) => c.toUpperCase())]),
);

/** The name of a 2-letter state code ('NY' → 'New York'); null when unknown. */
export function stateName(code: string | null | undefined): string | null {
  return code ? (NAMES.get(code.trim().toUpperCase()) ?? null) : null;
}

/** The 2-digit census FIPS code of each state, for GEOID parsing. */
export const STATE_FIPS: Record<string, string> = {
  '01': 'AL',
  '02': 'AK',
  '04': 'AZ',
  '05': 'AR',
  '06': 'CA',
  '08': 'CO',
  '09': 'CT',
  '10': 'DE',
  '11': 'DC',
  '12': 'FL',
  '13': 'GA',
  '15': 'HI',
  '16': 'ID',
  '17': 'IL',
  '18': 'IN',
  '19': 'IA',
  '20': 'KS',
  '21': 'KY',
  '22': 'LA',
  '23': 'ME',
  '24': 'MD',
  '25': 'MA',
  '26': 'MI',
  '27': 'MN',
  '28': 'MS',
  '29': 'MO',
  '30': 'MT',
  '31': 'NE',
  '32': 'NV',
  '33': 'NH',
  '34': 'NJ',
  '35': 'NM',
  '36': 'NY',
  '37': 'NC',
  '38': 'ND',
  '39': 'OH',
  '40': 'OK',
  '41': 'OR',
  '42': 'PA',
  '44': 'RI',
  '45': 'SC',
  '46': 'SD',
  '47': 'TN',
  '48': 'TX',
  '49': 'UT',
  '50': 'VT',
  '51': 'VA',
  '53': 'WA',
  '54': 'WV',
  '55': 'WI',
  '56': 'WY',
  '60': 'AS',
  '66': 'GU',
  '69': 'MP',
  '72': 'PR',
  '78': 'VI',
};
