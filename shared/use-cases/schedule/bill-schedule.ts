/**
 * A bill's schedule (GET /api/bills/{id}/schedule, the MCP tool
 * get_bill_schedule): the meetings that take it up from today in Washington
 * on (one Query of the bill's pointer listing), earliest first, with the URLs
 * of its public calendar, which an agent or a person subscribes to rather
 * than asks again.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { listPointedMeetings } from '#shared/adapters/db/meeting-listing.repository.ts';
import { easternDate, easternWallTime } from '#shared/domain/schedule/eastern-time.ts';
import { meetingView } from '#shared/domain/schedule/meeting-views.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { publicUrl } from '#shared/use-cases/notify/public-url.ts';

/** Meetings a schedule lists at most (a bill is rarely taken up more than a few times). */
export const BILL_SCHEDULE_LIMIT = 50;
/** How far ahead it looks: a Congress's two years and a little. */
const AHEAD_DAYS = 800;

/** GET /api/bills/{id}/schedule; 404 bill.not_found. */
export async function billScheduleView(billId: string, now = new Date()) {
  const bill = await getBill(billId);
  if (!bill) throw new NotFoundError(`No bill ${billId}`, 'bill.not_found');
  // From the start of today in Washington: a meeting earlier today (or a floor day without a time) is still today's.
  const window = { from: easternWallTime(easternDate(now)), to: new Date(now.getTime() + AHEAD_DAYS * 86_400_000).toISOString() };
  const page = await listPointedMeetings('bill', billId, window, {}, (m) => m.bill_ids.includes(billId), BILL_SCHEDULE_LIMIT);
  const calendar = `${publicUrl()}/api/bills/${encodeURIComponent(billId)}/calendar.ics`;
  return { bill_id: billId, meetings: page.items.map(meetingView), calendar_url: calendar, webcal_url: calendar.replace(/^https?:/, 'webcal:') };
}
