/**
 * The offline extractive briefer, used when no provider is configured: its
 * points are verbatim sentences of the text with their section citations
 * (so every point passes the citation check), topic tags come from keywords,
 * and the brief is labelled provider/method "extractive". For an amendment
 * it quotes the sentences the diff found added to changed sections. Pure.
 */
import type { BriefInput } from './brief-input.ts';
import { ZERO_COST, type DraftBrief } from './draft-brief.ts';
import type { ModelPoint } from './model-output.schema.ts';
import { sentencesOf, type BillSection } from './section-parser.ts';
import { keywordTopicTags } from './topics.ts';

const MAX_POINTS = 8;
/** Sentences shorter than this are headings or fragments. */
const MIN_SENTENCE = 40;
/** Legislative sentences run long; a longer one is quoted up to a word boundary near this length. */
const MAX_QUOTE = 480;

const usable = (s: string) => s.length >= MIN_SENTENCE && /[a-z]/.test(s);

/** A verbatim quote of at most MAX_QUOTE characters (a prefix of the sentence, cut at a space). */
function quoteOf(sentence: string): string {
  if (sentence.length <= MAX_QUOTE) return sentence;
  const cut = sentence.slice(0, MAX_QUOTE);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), MIN_SENTENCE)).replace(/[,;:\s]+$/, '');
}

function firstSentence(section: BillSection): string | null {
  const body = section.heading ? section.text.slice(section.text.indexOf(section.heading) + section.heading.length) : section.text;
  return sentencesOf(body).find(usable) ?? null;
}

function point(section: string, sentence: string): ModelPoint {
  const quote = quoteOf(sentence);
  return { text: quote === sentence ? sentence : `${quote}…`, label: 'cited_fact', citation: { section, quote } };
}

/** Writes an extractive brief of an input. */
export function writeExtractiveBrief(input: BriefInput): DraftBrief {
  let points: ModelPoint[];
  let summary: string;
  if (input.previous) {
    const diff = input.previous.diff;
    points = diff.sections_modified.flatMap((m) =>
      m.added_sentences
        .filter(usable)
        .slice(0, 1)
        .map((s) => point(m.section, s)),
    );
    for (const added of diff.sections_added) {
      const section = input.sections.find((s) => s.ref === added.section);
      const sentence = section ? firstSentence(section) : null;
      if (sentence) points.push(point(added.section, sentence));
    }
    points = points.slice(0, MAX_POINTS);
    summary =
      `Changes in text version ${input.version_code} of ${input.bill.label} against ${input.previous.version_code}: ` +
      `${diff.sections_added.length} section(s) added, ${diff.sections_removed.length} removed, ${diff.sections_modified.length} modified. ` +
      'Extractive brief: the points quote the changed text verbatim; no language model was used.';
  } else {
    // The preamble (congress, session, enacting clause) says little; it is quoted only when nothing else is.
    const body = input.sections.filter((s) => s.ref !== 'Preamble');
    points = (body.length ? body : input.sections)
      .flatMap((s) => {
        const sentence = firstSentence(s);
        return sentence ? [point(s.ref, sentence)] : [];
      })
      .slice(0, MAX_POINTS);
    summary = `${input.bill.title.replace(/[.\s]+$/, '')}. Extractive brief: the points quote ${points.length} section(s) of the text verbatim; no language model was used.`;
  }
  if (points.length === 0) {
    const sentence = sentencesOf(input.text).find(usable) ?? sentencesOf(input.text)[0];
    if (sentence) points = [point(input.sections[0]?.ref ?? 'Preamble', sentence)];
  }
  return {
    brief: { summary, points, topic_tags: keywordTopicTags(input.bill.title, input.text) },
    provider: 'extractive',
    model: 'extractive',
    method: 'extractive',
    cost: ZERO_COST,
  };
}
