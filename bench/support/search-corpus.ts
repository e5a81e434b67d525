/**
 * The synthetic bills of `npm run bench:search`: 350,000 bills over every
 * Congress since the 93rd, titles made the way real ones are ("To amend … and
 * for other purposes", "… Act of 2019") with their words drawn from a Zipf
 * distribution whose head is the real head of bill titles (act, amend, united,
 * states, …), so a common word is in about as many titles as in Congress's
 * own; a tenth of the bills carry a CRS summary and five text sections.
 * Seeded, so two runs build the same corpus.
 */
import { numberForms, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { seededRandom } from '#local/forecast/seeded-random.ts';

/** The head of real bill-title vocabulary, most frequent first. */
const HEAD = (
  'united states code health program federal services national security care public education energy tax credit veterans ' +
  'assistance grants department secretary water rural housing medicare small business income protection land transportation ' +
  'safety emergency financial relief research student insurance law enforcement defense community access workers employment ' +
  'children families trade information agriculture development infrastructure broadband disaster medical drug prices mental ' +
  'border immigration climate clean air forest wildlife fishing tribal native military pay benefits disability social election ' +
  'voting campaign privacy data cyber internet technology science space nuclear oil gas coal renewable solar wind electric ' +
  'vehicles highway railroad aviation airport maritime ports postal census judiciary courts crime firearms opioid addiction ' +
  'prescription hospitals nurses physicians pharmacy insurance coverage affordable nutrition food farmers ranchers livestock ' +
  'dairy crop conservation parks monuments heritage memorial commemorative coin medal designation facility office building'
).split(' ');

const SYLLABLES =
  'ba be bi bo bu ca co cu da de di do fa fe fi ga go ha he hi ka ko la le li lo lu ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi za zo'.split(
    ' ',
  );

/** The vocabulary: the real head, then made-up words for the long tail. */
function vocabulary(size: number, rand: () => number): string[] {
  const words = [...new Set(HEAD)];
  const seen = new Set(words);
  while (words.length < size) {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Draws ranks 0..n-1 with probability proportional to 1/(rank+q)^s (Zipf-Mandelbrot), by a precomputed table. */
function zipfSampler(n: number, s: number, q: number, rand: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / Math.pow(i + 1 + q, s);
  return () => {
    const u = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] ?? 0) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const TYPES = ['hr', 'hr', 'hr', 'hr', 's', 's', 's', 'hres', 'sres', 'hjres', 'sjres', 'hconres', 'sconres'] as const;
const STATUSES = ['introduced', 'introduced', 'introduced', 'introduced', 'reported', 'passed_house', 'passed_senate', 'became_law'] as const;
const TOPICS = ['health', 'energy', 'defense', 'education', 'taxation', 'immigration', 'agriculture', 'environment', 'veterans', 'housing'];

export interface Corpus {
  docs: SearchDocument[];
  vocabulary: string[];
}

/** Builds `count` bills spread over Congresses 93 to 119. */
export function buildCorpus(count: number, seed = 23): Corpus {
  const rand = seededRandom(seed);
  const vocab = vocabulary(40_000, rand);
  const titleWord = zipfSampler(vocab.length, 1.05, 2.7, rand);
  const textWord = zipfSampler(vocab.length, 1.0, 10, rand);
  const words = (n: number, draw: () => number) => Array.from({ length: n }, () => vocab[draw()]).join(' ');
  const docs: SearchDocument[] = [];
  const congresses = 119 - 93 + 1;
  const counters = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const congress = 93 + Math.floor((i / count) * congresses);
    const type = TYPES[Math.floor(rand() * TYPES.length)] ?? 'hr';
    const key = `${congress}-${type}`;
    const number = (counters.get(key) ?? 0) + 1;
    counters.set(key, number);
    const year = 1973 + (congress - 93) * 2 + Math.floor(rand() * 2);
    const day = `${year}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    const shortTitle = rand() < 0.55 ? `${words(1 + Math.floor(rand() * 4), titleWord)} act of ${year}` : '';
    const title = `To amend ${words(2 + Math.floor(rand() * 3), titleWord)} to ${words(3 + Math.floor(rand() * 8), titleWord)}, and for other purposes.`;
    const rich = i % 10 === 0;
    const summary = rich ? words(50 + Math.floor(rand() * 40), textWord) : '';
    const sections = rich ? Array.from({ length: 5 }, (_, s) => ({ label: `Sec. ${s + 1}.`, body: words(60 + Math.floor(rand() * 60), textWord) })) : [];
    const topic = TOPICS[Math.floor(rand() * TOPICS.length)] ?? 'health';
    docs.push({
      bill_id: `${congress}-${type}-${number}`,
      congress,
      chamber: type.startsWith('h') ? 'house' : 'senate',
      type,
      status: STATUSES[Math.floor(rand() * STATUSES.length)] ?? 'introduced',
      sponsor_id: `M${String(Math.floor(rand() * 2000)).padStart(6, '0')}`,
      has_document: rich || rand() < 0.3,
      topics: [topic],
      introduced_date: day,
      latest_action_date: day,
      number: numberForms(congress, type, number),
      short_title: shortTitle,
      title,
      summary,
      meta: `${topic} ${words(2, titleWord)}`,
      text: sections.map((s) => s.body).join('\n'),
      sections: rich ? [{ label: 'CRS summary', body: summary }, ...sections] : [],
    });
  }
  return { docs, vocabulary: vocab };
}
