/**
 * sync_committees: fetches congress-legislators' committee files and saves
 * them (./save-committees.ts). Honours the admin's switch of the legislators
 * dataset: off, the stored committees stay as they are.
 */
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { fetchCommitteeFiles } from '#shared/adapters/providers/legislators/legislators.client.ts';
import { disabledByAdmin } from '#shared/domain/settings/data-sources.ts';
import { saveCommitteeFiles } from './save-committees.ts';

export async function syncCommittees(now: Date) {
  if (!(await getDataSources()).legislators.enabled) return { skipped: true, reason: disabledByAdmin('legislators') };
  return saveCommitteeFiles(await fetchCommitteeFiles(), now);
}
