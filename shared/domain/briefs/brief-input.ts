/**
 * The material one brief is written from: the bill, the text version to
 * brief and, for an amendment brief, the previous version, with the
 * sections and the section diff already computed. Pure.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { diffTextVersions, type TextDiff } from './section-diff.ts';
import { parseSections, type BillSection } from './section-parser.ts';

export interface BriefInput {
  bill: Pick<Bill, 'id' | 'label' | 'title'>;
  version_code: string;
  text: string;
  sections: BillSection[];
  previous: { version_code: string; text: string; diff: TextDiff } | null;
}

/** Builds the input of a full brief (no previous text) or an amendment brief. */
export function briefInput(
  bill: Pick<Bill, 'id' | 'label' | 'title'>,
  version: { code: string; text: string },
  previous: { code: string; text: string } | null,
): BriefInput {
  return {
    bill,
    version_code: version.code,
    text: version.text,
    sections: parseSections(version.text),
    previous: previous ? { version_code: previous.code, text: previous.text, diff: diffTextVersions(previous.text, version.text) } : null,
  };
}

/** The current sections an amendment brief must see: those added or modified (all of them when none changed). */
export function changedSections(input: BriefInput): BillSection[] {
  if (!input.previous) return input.sections;
  const refs = new Set([...input.previous.diff.sections_added, ...input.previous.diff.sections_modified].map((s) => s.section));
  const changed = input.sections.filter((s) => refs.has(s.ref));
  return changed.length ? changed : input.sections;
}
