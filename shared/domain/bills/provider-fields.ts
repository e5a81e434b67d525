/**
 * The provider-owned fields of a bill: what a poll or a detail fetch
 * refreshes on a stored bill, leaving the fields other writers own (sponsor,
 * brief state, category, status, text state) alone. Declared once here; the
 * bill refresh (shared/adapters/db/bills.repository.ts) writes them and the callers
 * that refresh a bill (the poll, the detail fetch) copy them with
 * providerFields, so a new provider field is one entry in this list.
 */
import type { Bill } from './bill.schema.ts';

/** Refreshed on every refresh, from the provider's newest copy of the bill. */
export const PROVIDER_FIELDS = [
  'title',
  'short_title',
  'policy_area',
  'latest_action_date',
  'latest_action_text',
  'latest_action_category',
  'update_date',
  'provenance',
] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

/** Refreshed when the provider's answer has them (the listing lacks them; the detail fills them in). */
export const OPTIONAL_PROVIDER_FIELDS = ['introduced_date', 'congress_gov_url'] as const;
export type OptionalProviderField = (typeof OPTIONAL_PROVIDER_FIELDS)[number];

/** What a refresh of a stored bill writes. */
export type BillRefresh = Pick<Bill, ProviderField> & Partial<Pick<Bill, OptionalProviderField>>;

/** The provider-owned fields of a bill (a freshly listed one, or the stored one), as a refresh writes them. */
export function providerFields(bill: Pick<Bill, ProviderField>): Pick<Bill, ProviderField> {
  return Object.fromEntries(PROVIDER_FIELDS.map((field) => [field, bill[field]])) as Pick<Bill, ProviderField>;
}
