/**
 * The fixed topic vocabulary: lower-case kebab-case tags anchored on the
 * Congress.gov policy-area list, plus a few areas readers follow often. A
 * brief carries at most five. Without a model, a bill is tagged from what CRS
 * assigned it (its policy area and legislative subjects), and from keywords of
 * its title and text only when CRS assigned nothing. Pure.
 */

export const TOPIC_TAGS = [
  'agriculture-and-food',
  'animals',
  'armed-forces-and-national-security',
  'arts-culture-religion',
  'civil-rights-and-liberties',
  'commerce',
  'congress',
  'crime-and-law-enforcement',
  'economics-and-public-finance',
  'education',
  'emergency-management',
  'energy',
  'environmental-protection',
  'families',
  'finance-and-financial-sector',
  'foreign-trade-and-international-finance',
  'geographic-areas',
  'government-operations-and-politics',
  'health',
  'housing-and-community-development',
  'immigration',
  'international-affairs',
  'labor-and-employment',
  'law',
  'native-americans',
  'public-lands-and-natural-resources',
  'science-technology-communications',
  'social-sciences-and-history',
  'social-welfare',
  'sports-and-recreation',
  'taxation',
  'transportation-and-public-works',
  'water-resources-development',
  'veterans',
  'appropriations',
  'disaster-relief',
  'elections',
  'small-business',
  'privacy-and-data',
  'firearms',
  'medicare-and-medicaid',
] as const;
export type TopicTag = (typeof TOPIC_TAGS)[number];

export const MAX_TOPIC_TAGS = 5;
const VOCABULARY = new Set<string>(TOPIC_TAGS);

/** Whether a tag belongs to the vocabulary. */
export const isTopicTag = (tag: string): tag is TopicTag => VOCABULARY.has(tag);

/** Normalises model tags ("Health Care" → "health-care"), keeps known ones, de-duplicates, caps at five. */
export function normalizeTopicTags(tags: readonly string[]): TopicTag[] {
  const out: TopicTag[] = [];
  for (const raw of tags) {
    const tag = raw
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    if (isTopicTag(tag) && !out.includes(tag)) out.push(tag);
    if (out.length === MAX_TOPIC_TAGS) break;
  }
  return out;
}

/** Keywords that suggest a tag, for the offline extractive briefer (no model to choose tags). */
const KEYWORDS: Array<[TopicTag, RegExp]> = [
  ['appropriations', /\bappropriat/i],
  ['disaster-relief', /\bdisaster|hurricane|wildfire|flood/i],
  ['emergency-management', /\bemergenc|FEMA\b/i],
  ['health', /\bhealth|hospital|medical|disease/i],
  ['medicare-and-medicaid', /\bmedicare|medicaid/i],
  ['veterans', /\bveteran/i],
  ['armed-forces-and-national-security', /\barmed forces|defense|military|national security/i],
  ['taxation', /\btax(es|ation)?\b|internal revenue/i],
  ['education', /\beducation|school|student/i],
  ['energy', /\benergy|electric|oil\b|natural gas/i],
  ['environmental-protection', /\benvironment|pollution|emission/i],
  ['immigration', /\bimmigra|\bvisa|asylum/i],
  ['crime-and-law-enforcement', /\bcrime|criminal|law enforcement|police/i],
  ['transportation-and-public-works', /\btransportation|highway|transit|aviation/i],
  ['agriculture-and-food', /\bagricultur|farm|food\b/i],
  ['housing-and-community-development', /\bhousing|mortgage|homeless/i],
  ['labor-and-employment', /\bemployment|worker|wage|labor\b/i],
  ['international-affairs', /\bforeign|international|embassy/i],
  ['government-operations-and-politics', /\bfederal agenc|government operations|postal|post office/i],
  ['elections', /\belection|voting|ballot/i],
  ['finance-and-financial-sector', /\bbank|securities|financial institution/i],
  ['social-welfare', /\bsocial security|welfare|nutrition assistance/i],
  ['native-americans', /\bindian tribe|tribal|native american/i],
  ['public-lands-and-natural-resources', /\bpublic land|national park|forest service/i],
];

/** The slug of a name: "Armed Forces and National Security" → "armed-forces-and-national-security". */
const slug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Policy areas whose slug is not their tag (the vocabulary shortens one name); the others are their slug. */
const POLICY_AREA_TAGS: Readonly<Record<string, TopicTag>> = {
  'civil-rights-and-liberties-minority-issues': 'civil-rights-and-liberties',
};

/** The tag of a Congress.gov policy area, or null ("Private Legislation" has none). */
export function policyAreaTag(policyArea: string | null | undefined): TopicTag | null {
  if (!policyArea) return null;
  const s = slug(policyArea);
  const tag = POLICY_AREA_TAGS[s] ?? s;
  return isTopicTag(tag) ? tag : null;
}

/**
 * Topic tags from what CRS assigned a bill (at most five): its policy area first, then each legislative subject in
 * order, as a vocabulary name ("Immigration") or by the keywords of a tag ("Veterans' medical care" → veterans).
 */
export function subjectTopicTags(policyArea: string | null | undefined, subjects: readonly string[]): TopicTag[] {
  const out: TopicTag[] = [];
  const add = (tag: TopicTag | null) => {
    if (tag && !out.includes(tag) && out.length < MAX_TOPIC_TAGS) out.push(tag);
  };
  add(policyAreaTag(policyArea));
  for (const subject of subjects) {
    const named = slug(subject);
    add(isTopicTag(named) ? named : null);
    for (const [tag, re] of KEYWORDS) if (re.test(subject)) add(tag);
  }
  return out;
}

/** Topic tags suggested by keywords in a title and text (at most five). */
export function keywordTopicTags(title: string, text: string): TopicTag[] {
  const haystack = `${title}\n${text.slice(0, 20_000)}`;
  return KEYWORDS.filter(([, re]) => re.test(haystack))
    .map(([tag]) => tag)
    .slice(0, MAX_TOPIC_TAGS);
}
