/**
 * The bill-outcomes dataset for the forecast tests: real records when
 * ../shared/datasets/bill-outcomes (or BILL_OUTCOMES_DIR) is there, and tests
 * that need them skip with a note when it is not. The file is read once per
 * test process and only the lines asked for are parsed.
 */
import { existsSync } from 'node:fs';
import { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { DATASET_DIR, readLines, TRAIN_FILE } from '#local/forecast/bill-dataset.ts';

/** The dataset README's example (a real bill, 113-s-1942, with its outcome), for tests that run without the dataset. */
export const EXAMPLE_LINE =
  '{"id":"113-s-1942","congress":113,"type":"s","number":1942,"introduced":"2014-01-16","title":"A bill to ensure that the United States promotes women\'s meaningful inclusion and participation in mediation and negotiation processes undertaken in order to prevent, mitigate, and resolve violent conflict and implements the United States National Action Plan on Women, Peace, and Security.","short_title":"Women, Peace, and Security Act of 2014","subjects_top_term":"International affairs","sponsor":{"id":"B000711","party":"D","state":"CA","chamber":"senate","title":"Sen","seniority_years":21.0,"committee_chair":true},"majority_party":"D","original_cosponsors":{"n":2,"n_same_party":1,"n_other_party":1,"n_party_unknown":0},"cosponsors_at_30d":{"n":2,"n_other_party":1},"committees_referred":["SSFR"],"companion":false,"outcome":{"status":"REFERRED","status_at":"2014-01-16","reported":false,"reported_at":null,"reported_by_committee":false,"passed_house":false,"passed_house_at":null,"passed_senate":false,"passed_senate_at":null,"enacted":false,"enacted_at":null,"vetoed":false,"enacted_inside_other":null,"awaiting_signature_at_snapshot":false,"enacted_or_presented":false},"meta":{"source":"JDrit/congress","data_as_of":"2016-10-25","partial_congress":false,"status_derived_from_billstatus_xml":false}}';
export const EXAMPLE_RECORD = JSON.parse(EXAMPLE_LINE) as Record<string, unknown> & { sponsor: Record<string, unknown> };

export const hasDataset = existsSync(TRAIN_FILE);
if (!hasDataset) console.warn(`[forecast tests] ${DATASET_DIR} is absent: tests on the real bill records are skipped`);

let lines: string[] | undefined;
/** Every line of the training file. */
export const datasetLines = (): string[] => (lines ??= readLines(TRAIN_FILE));

/** The real records with these ids, in the order asked. */
export function realRecords(...ids: string[]): BillRecord[] {
  const wanted = new Map(ids.map((id) => [`{"id":"${id}",`, id]));
  const found = new Map<string, BillRecord>();
  for (const line of datasetLines()) {
    const id = wanted.get(line.slice(0, line.indexOf(',') + 1));
    if (id) found.set(id, BillRecord().parse(JSON.parse(line)));
  }
  return ids.map((id) => {
    const r = found.get(id);
    if (!r) throw new Error(`${id} is not in ${TRAIN_FILE}`);
    return r;
  });
}
