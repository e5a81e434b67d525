/**
 * The offline demo's data, checked at every offline start of the local
 * stack (local/seed.ts): every current member (./offline-members.ts) and
 * the 26 Bill Status bills (./demo-bills.ts). Both write only what is
 * missing, so the first start loads them, a start after an interrupted
 * first one completes them, and a warm restart costs a few reads.
 */
import { importDemoBills } from './demo-bills.ts';
import { loadOfflineMembers } from './offline-members.ts';

export async function loadDemoData(now = new Date()) {
  const members = await loadOfflineMembers(now);
  const bills = await importDemoBills(now);
  return { members, bills };
}
