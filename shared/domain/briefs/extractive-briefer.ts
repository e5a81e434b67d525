/**
 * The offline extractive briefer, used when no provider is configured. Each
 * point names a provision of the bill (its heading, or its label when it has
 * none: "Findings (10)") and quotes that provision's first full sentence
 * verbatim as its citation, so the quote is said once and every point passes
 * the citation check. The provisions are the bill's text proper (never its
 * cover or attestation), taken a section at a time: the first passage of each
 * section, then the second, until the brief is full. For an amendment it
 * quotes the sentences the diff found added to changed sections, and the
 * first passage of added ones. Topic tags come from the bill's policy area
 * and CRS subjects (keywords only when CRS assigned none). The brief is
 * labelled provider/method "extractive". Pure.
 */
import { isCitable, type TextUnit } from '#shared/domain/bills/text-outline.ts';
import type { BriefInput } from './brief-input.ts';
import { ZERO_COST, type DraftBrief } from './draft-brief.ts';
import type { ModelPoint } from './model-output.schema.ts';
import { sentencesOf, type BillSection } from './section-parser.ts';
import { keywordTopicTags, subjectTopicTags } from './topics.ts';

const MAX_POINTS = 8;
/** Sentences shorter than this are headings or fragments. */
const MIN_SENTENCE = 40;
/** Legislative sentences run long; a longer one is quoted up to a word boundary near this length. */
const MAX_QUOTE = 480;
/** Without a section, the whereas clauses before the long title: they say more about what a resolution is for. */
const FALLBACK_ORDER: Record<BillSection['kind'], number> = { section: 0, heading: 0, preamble: 1, long_title: 2, front: 9, back: 9 };

const usable = (s: string) => s.length >= MIN_SENTENCE && /[a-z]/.test(s);

/** A verbatim quote of at most MAX_QUOTE characters (a prefix of the sentence, cut at a space). */
function quoteOf(sentence: string): string {
  if (sentence.length <= MAX_QUOTE) return sentence;
  const cut = sentence.slice(0, MAX_QUOTE);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), MIN_SENTENCE)).replace(/[,;:\s]+$/, '');
}

const MINOR = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'into',
  'nor',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'upon',
  'via',
  'with',
]);

/** A heading printed in capitals, in title case ("REPORT ON RISKS POSED" → "Report on Risks Posed"); others as printed. */
export function headingWords(heading: string): string {
  const h = heading.replace(/[\s.:;,—–-]+$/, '').trim();
  if (/[a-z]/.test(h)) return h;
  return h
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && MINOR.has(word) ? word : word.replace(/(^|[-/(“"])([a-z])/g, (_m, before: string, letter: string) => `${before}${letter.toUpperCase()}`),
    )
    .join(' ');
}

interface Passage {
  section: BillSection;
  /** The unit the sentence is the first of, or null for the section's own text. */
  unit: TextUnit | null;
  sentence: string;
}

/** What a point says it is: the provision's heading, its own heading, or its label. */
function provision(p: Passage): string {
  const { section, unit } = p;
  const head = section.heading ? headingWords(section.heading) : '';
  if (!unit) return head || section.ref;
  if (!unit.ref.startsWith(section.ref)) return unit.ref;
  if (unit.heading) return head ? `${head}: ${headingWords(unit.heading)}` : headingWords(unit.heading);
  return `${head || section.ref} ${unit.ref.slice(section.ref.length).trim()}`.trim();
}

function point(p: Passage, lead = ''): ModelPoint {
  return { text: `${lead}${provision(p)}`, label: 'cited_fact', citation: { section: p.unit?.ref ?? p.section.ref, quote: quoteOf(p.sentence) } };
}

/** The text of a span without the units inside it, and without its printed number and heading. */
function ownText(input: BriefInput, start: number, end: number, heading: string): string {
  const inner = input.outline.units.filter((u) => u.start > start && u.end <= end).map((u) => u.start);
  let text = input.text.slice(start, Math.min(end, ...inner));
  // The heading as printed may be in capitals ("SEC. 2. FINDINGS." for the heading "Findings").
  const at = heading ? text.toLowerCase().indexOf(heading.toLowerCase()) : -1;
  if (at >= 0) text = text.slice(at + heading.length);
  return text.replace(/^\s*(?:\(\w+\)|[.—–:\s])*/, '');
}

const firstSentence = (text: string) => sentencesOf(text).find(usable) ?? null;

/** A section's passages in order: its own first sentence, then each unit's. */
function passagesOf(input: BriefInput, section: BillSection): Passage[] {
  const out: Passage[] = [];
  const own = firstSentence(ownText(input, section.start, section.end, section.heading));
  if (own) out.push({ section, unit: null, sentence: own });
  for (const unit of input.outline.units.filter((u) => u.start >= section.start && u.end <= section.end)) {
    const sentence = firstSentence(ownText(input, unit.start, unit.end, unit.heading));
    if (sentence) out.push({ section, unit, sentence });
  }
  return out;
}

/** The first passage of each section, then the second of each…, at most MAX_POINTS, no sentence twice. */
function interleave(lists: Passage[][]): Passage[] {
  const out: Passage[] = [];
  const seen = new Set<string>();
  for (let round = 0; out.length < MAX_POINTS && lists.some((l) => l.length > round); round++) {
    for (const list of lists) {
      const p = list[round];
      if (p && !seen.has(p.sentence) && out.length < MAX_POINTS) {
        seen.add(p.sentence);
        out.push(p);
      }
    }
  }
  return out;
}

function fullBrief(input: BriefInput): ModelPoint[] {
  // The body (sections, and titles holding appropriations) in reading order; the rest only when there is none.
  const body = input.sections.filter((s) => s.kind === 'section' || s.kind === 'heading');
  const sections = body.length ? body : input.sections.filter((s) => isCitable(s.kind)).sort((a, b) => FALLBACK_ORDER[a.kind] - FALLBACK_ORDER[b.kind]);
  // Enough sections to fill the brief in one round: a bill of two thousand sections is not read whole.
  const lists: Passage[][] = [];
  for (const section of sections) {
    const passages = passagesOf(input, section);
    if (passages.length) lists.push(passages);
    if (lists.length === MAX_POINTS) break;
  }
  return interleave(lists).map((p) => point(p));
}

function amendmentBrief(input: BriefInput, diff: NonNullable<BriefInput['previous']>['diff']): ModelPoint[] {
  const byRef = new Map(input.sections.map((s) => [s.ref, s]));
  const points: ModelPoint[] = [];
  for (const m of diff.sections_modified) {
    const section = byRef.get(m.section);
    const sentence = m.added_sentences.find(usable);
    if (section && sentence) points.push(point({ section, unit: null, sentence }, 'Changed: '));
  }
  for (const added of diff.sections_added) {
    const section = byRef.get(added.section);
    const first = section ? passagesOf(input, section)[0] : undefined;
    if (first) points.push(point(first, 'Added: '));
  }
  return points.slice(0, MAX_POINTS);
}

/** Writes an extractive brief of an input. */
export function writeExtractiveBrief(input: BriefInput): DraftBrief {
  const diff = input.previous?.diff;
  const points = diff ? amendmentBrief(input, diff) : fullBrief(input);
  const changes = diff ? diff.sections_added.length + diff.sections_removed.length + diff.sections_modified.length : 0;
  const summary = !diff
    ? `${input.bill.title.replace(/[.\s]+$/, '')}. Extractive brief: the points quote ${points.length} passage(s) of the text verbatim; no language model was used.`
    : changes === 0
      ? `Text version ${input.version_code} of ${input.bill.label} says what ${input.previous?.version_code} said: no section was added, removed or changed ` +
        '(only the cover or the attestation differ). Extractive brief; no language model was used.'
      : `Changes in text version ${input.version_code} of ${input.bill.label} against ${input.previous?.version_code}: ` +
        `${diff.sections_added.length} section(s) added, ${diff.sections_removed.length} removed, ${diff.sections_modified.length} modified. ` +
        'Extractive brief: the points quote the changed text verbatim; no language model was used.';
  const crs = subjectTopicTags(input.bill.policy_area, input.bill.subjects ?? []);
  return {
    brief: { summary, points, topic_tags: crs.length ? crs : keywordTopicTags(input.bill.title, input.text) },
    provider: 'extractive',
    model: 'extractive',
    method: 'extractive',
    cost: ZERO_COST,
  };
}
