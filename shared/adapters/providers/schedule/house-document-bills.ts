/**
 * The bill a docs.house.gov meeting document names. Its `legis-num` usually
 * spells it ("H.R. 4435", "HR 188"); a number alone ("933", "5300") is read
 * with the type that its description ("Self Amendment #79 to H.R. 5300") or
 * its file name ("BILLS-113hr933ih.pdf") gives the same number; a print
 * ("RCP 115-23"), a report ("113-12") or "H.R." without a number names none.
 */
import { billId, normaliseBillType } from '#shared/domain/bills/bill-id.ts';
import { billIdsInText } from '#shared/domain/schedule/bill-mentions.ts';
import type { HouseMeetingDocument } from './house-meeting.schema.ts';
import { xmlText } from './schedule-xml.ts';

const FILE_BILL = /BILLS-(\d{2,3})([a-z]+?)(\d{1,5})(?=[a-z]|[-_.])/gi;

export function houseDocumentBills(d: HouseMeetingDocument, congress: number): string[] {
  const legisNum = xmlText(d['legis-num']).trim();
  const spelled = billIdsInText(legisNum, congress);
  if (spelled.length) return spelled;
  if (!/^\d{1,5}$/.test(legisNum)) return [];
  const number = Number(legisNum);
  const described = billIdsInText(xmlText(d.description), congress).filter((id) => id.endsWith(`-${number}`));
  if (described.length) return described.slice(0, 1);
  const files = d.files ? (d.files.file ?? []) : [];
  for (const f of files) {
    for (const m of (f['@_doc-url'] ?? '').matchAll(FILE_BILL)) {
      const type = normaliseBillType(m[2] ?? '');
      if (type && Number(m[3]) === number) return [billId(Number(m[1]), type, number)];
    }
  }
  return [];
}
