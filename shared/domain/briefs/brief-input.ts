/**
 * The material one brief is written from: the bill (with its policy area and
 * CRS subjects, which tag it when no model does), the text version to brief
 * with its outline and sections and, for an amendment brief, the previous
 * version and the section diff. Pure.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { TextOutline } from '#shared/domain/bills/text-outline.ts';
import { diffTextVersions, type TextDiff } from './section-diff.ts';
import { outlineOf, sectionsOf, type BillSection } from './section-parser.ts';

export type BriefBill = Pick<Bill, 'id' | 'label' | 'title'> & { policy_area?: string | null; subjects?: readonly string[] };

/** A text version as a brief reads it: its plain text, and its outline when one was stored. */
export interface BriefVersion {
  code: string;
  text: string;
  outline?: TextOutline | null;
}

export interface BriefInput {
  bill: BriefBill;
  version_code: string;
  text: string;
  outline: TextOutline;
  sections: BillSection[];
  previous: { version_code: string; text: string; diff: TextDiff } | null;
}

/** Builds the input of a full brief (no previous text) or an amendment brief. */
export function briefInput(bill: BriefBill, version: BriefVersion, previous: BriefVersion | null): BriefInput {
  const outline = outlineOf({ text: version.text, outline: version.outline ?? null });
  const stored = (v: BriefVersion) => ({ text: v.text, outline: v.outline ?? null });
  return {
    bill,
    version_code: version.code,
    text: version.text,
    outline,
    sections: sectionsOf(version.text, outline),
    previous: previous ? { version_code: previous.code, text: previous.text, diff: diffTextVersions(stored(previous), stored(version)) } : null,
  };
}

/** The current sections an amendment brief must see: those added or modified (all of them when none changed). */
export function changedSections(input: BriefInput): BillSection[] {
  if (!input.previous) return input.sections;
  const refs = new Set([...input.previous.diff.sections_added, ...input.previous.diff.sections_modified].map((s) => s.section));
  const changed = input.sections.filter((s) => refs.has(s.ref));
  return changed.length ? changed : input.sections;
}
