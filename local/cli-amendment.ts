/**
 * `npm run cli -- parse congress-gov-amendment FILE`: a Congress.gov
 * amendment detail (GET /v3/amendment/{congress}/{type}/{number}) read by the
 * pipeline's own parser, printed as the fields a reader checks first. A
 * malformed payload throws a ProviderError naming the field (the CLI exits 1).
 */
import { parseCongressGovAmendment } from '#shared/adapters/providers/congress-gov/amendment.parser.ts';

export function congressGovAmendment(text: string) {
  const a = parseCongressGovAmendment(text);
  return {
    id: a.id,
    chamber: a.chamber,
    sponsor_id: a.sponsor_id,
    purpose: a.purpose,
    amended_bill_id: a.amended_bill_id,
    latest_action: a.latest_action,
  };
}
