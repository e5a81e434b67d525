/**
 * The section-level diff of two text versions of a bill: which sections were
 * added, removed or modified, and, for modified ones, the amounts, dates and
 * deadlines that changed. The amendment brief's model receives it, so each
 * "what changed" point can cite the changed section; the bill text endpoint
 * serves it beside the versions. Pure: no I/O.
 */
import { isCitable, type OutlinedText } from '#shared/domain/bills/text-outline.ts';
import { outlineOf, sectionsOf, sentencesOf, type BillSection } from './section-parser.ts';

export interface ValueChange {
  /** Values present only in the previous version. */
  removed: string[];
  /** Values present only in the current version. */
  added: string[];
}

export interface SectionChange {
  section: string;
  heading: string;
  changes: {
    amounts: ValueChange;
    dates: ValueChange;
    deadlines: ValueChange;
  };
  /** Sentences of the current version that the previous one lacks (verbatim, citable). */
  added_sentences: string[];
  /** Sentences of the previous version that the current one lacks. */
  removed_sentences: string[];
}

export interface SectionSummary {
  section: string;
  heading: string;
}

export interface TextDiff {
  sections_added: SectionSummary[];
  sections_removed: SectionSummary[];
  sections_modified: SectionChange[];
  unchanged_count: number;
}

const AMOUNT = /\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|trillion|thousand))?|\b\d[\d,]*(?:\.\d+)?\s?(?:percent|per centum)\b/gi;
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const DATE = new RegExp(
  `\\b(?:${MONTHS})\\s+\\d{1,2},\\s+\\d{4}\\b|\\bfiscal years?\\s+\\d{4}(?:\\s+(?:through|and)\\s+\\d{4})?\\b|\\b\\d{1,2}/\\d{1,2}/\\d{4}\\b`,
  'gi',
);
const DEADLINE =
  /\b(?:not later than|no later than|within|before|after the end of|by)\s+(?:the\s+(?:date\s+that\s+is\s+)?)?\d+\s+(?:days?|months?|years?|calendar days?|business days?)\b[^.;,]*/gi;
/** At most this many changed sentences are kept per side of a section, so prompts stay bounded. */
const MAX_SENTENCES = 8;

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const uniq = (xs: string[]) => [...new Set(xs.map(norm))];

function valueChange(pattern: RegExp, before: string, after: string): ValueChange {
  const a = uniq(before.match(pattern) ?? []);
  const b = uniq(after.match(pattern) ?? []);
  const lower = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));
  const al = lower(a);
  const bl = lower(b);
  return { removed: a.filter((x) => !bl.has(x.toLowerCase())), added: b.filter((x) => !al.has(x.toLowerCase())) };
}

/** Compares one section's two versions; null when they say the same thing. */
export function diffSection(previous: BillSection, current: BillSection): SectionChange | null {
  if (norm(previous.text).toLowerCase() === norm(current.text).toLowerCase()) return null;
  const before = new Set(sentencesOf(previous.text).map((s) => s.toLowerCase()));
  const after = new Set(sentencesOf(current.text).map((s) => s.toLowerCase()));
  return {
    section: current.ref,
    heading: current.heading,
    changes: {
      amounts: valueChange(AMOUNT, previous.text, current.text),
      dates: valueChange(DATE, previous.text, current.text),
      deadlines: valueChange(DEADLINE, previous.text, current.text),
    },
    added_sentences: sentencesOf(current.text)
      .filter((s) => !before.has(s.toLowerCase()))
      .slice(0, MAX_SENTENCES),
    removed_sentences: sentencesOf(previous.text)
      .filter((s) => !after.has(s.toLowerCase()))
      .slice(0, MAX_SENTENCES),
  };
}

/** The sections a diff compares: the bill's text proper (a new cover or attestation is no change to the bill). */
function comparedSections(version: string | OutlinedText): BillSection[] {
  const stored = typeof version === 'string' ? { text: version, outline: null } : version;
  return sectionsOf(stored.text, outlineOf(stored)).filter((s) => isCitable(s.kind));
}

/** Diffs two versions of a bill section by section (matched by section ref); a version is its text, with its outline when stored. */
export function diffTextVersions(previousVersion: string | OutlinedText, currentVersion: string | OutlinedText): TextDiff {
  const previous = comparedSections(previousVersion);
  const current = comparedSections(currentVersion);
  const prevByRef = new Map(previous.map((s) => [s.ref, s]));
  const currRefs = new Set(current.map((s) => s.ref));
  const diff: TextDiff = { sections_added: [], sections_removed: [], sections_modified: [], unchanged_count: 0 };
  for (const section of current) {
    const before = prevByRef.get(section.ref);
    if (!before) {
      diff.sections_added.push({ section: section.ref, heading: section.heading });
      continue;
    }
    const change = diffSection(before, section);
    if (change) diff.sections_modified.push(change);
    else diff.unchanged_count += 1;
  }
  for (const section of previous) {
    if (!currRefs.has(section.ref)) diff.sections_removed.push({ section: section.ref, heading: section.heading });
  }
  return diff;
}
