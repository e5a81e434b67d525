/**
 * The search document of a bill, from what the table holds about it: the bill
 * record, its latest brief and the plain text of its latest version, cut into
 * sections so a hit can name the section that matched. Pure.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { BillFacts } from '#shared/domain/bills/bill-status-facts.schema.ts';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { parseSections } from '#shared/domain/briefs/section-parser.ts';
import { numberForms, type SearchDocument, type SearchSection } from './search-document.ts';

/** What the indexer reads about one bill. */
export interface BillSources {
  bill: Bill;
  brief: Pick<Brief, 'summary' | 'points'> | null;
  /** The CRS summary, when one is stored; null otherwise. */
  crsSummary: string | null;
  /** The subjects and other titles of its Bill Status file, when stored; null otherwise. */
  facts: Pick<BillFacts, 'subjects' | 'other_titles'> | null;
  /** The plain text of the latest version; null before any text. */
  text: string | null;
}

/** "Last, First" as "First Last": either form of a sponsor's name finds the bill. */
const nameForms = (name: string): string => {
  const [last, first] = name.split(',').map((s) => s.trim());
  return first ? `${name} ${first} ${last}` : name;
};

/** The index document of a bill. */
export function billDocument({ bill, brief, crsSummary, facts, text }: BillSources): SearchDocument {
  const briefText = brief ? [brief.summary, ...brief.points.map((p) => p.text)].join('\n') : '';
  const sections: SearchSection[] = [
    ...(crsSummary ? [{ label: 'CRS summary', body: crsSummary }] : []),
    ...(briefText ? [{ label: 'Brief', body: briefText }] : []),
    ...(text ? parseSections(text).map((s) => ({ label: s.ref, body: s.text })) : []),
  ];
  return {
    bill_id: bill.id,
    congress: bill.congress,
    chamber: bill.chamber,
    type: bill.type,
    status: bill.status,
    sponsor_id: bill.sponsor_id,
    has_document: bill.has_document,
    topics: bill.topic_tags,
    introduced_date: bill.introduced_date,
    latest_action_date: bill.latest_action_date,
    number: `${numberForms(bill.congress, bill.type, bill.number)} ${bill.label}`,
    short_title: bill.short_title ?? '',
    title: [bill.title, ...(facts?.other_titles ?? [])].join('\n'),
    summary: [crsSummary ?? '', briefText].filter(Boolean).join('\n'),
    meta: [bill.policy_area ?? '', ...(facts?.subjects ?? []), bill.topic_tags.join(' '), bill.sponsor ? nameForms(bill.sponsor.name) : '']
      .filter(Boolean)
      .join('\n'),
    text: text ?? '',
    sections,
  };
}
