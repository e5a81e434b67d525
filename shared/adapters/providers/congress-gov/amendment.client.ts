/**
 * Congress.gov API v3 amendment requests: a bill's amendment listing and one
 * amendment's detail, actions and text versions (every page), each parsed
 * with the schemas of ./amendment.schema.ts.
 */
import type { AmendmentType } from '#shared/domain/amendments/amendment-id.ts';
import { AmendmentActionsPage, AmendmentDetail, AmendmentListPage, AmendmentTextPage } from './amendment.schema.ts';
import type { AmendmentActionItem, AmendmentListItem, AmendmentTextItem } from './amendment.schema.ts';
import { base, getAllPages, getJson } from './congress-gov.client.ts';

const PAGE = 'limit=250';
const amendmentPath = (congress: number, type: AmendmentType, number: number) => `${base()}/amendment/${congress}/${type}/${number}`;

/** The amendments Congress.gov lists for a bill (every page). */
export function listBillAmendments(congress: number, billType: string, billNumber: number): Promise<AmendmentListItem[]> {
  return getAllPages('bill amendments', `${base()}/bill/${congress}/${billType}/${billNumber}/amendments?${PAGE}`, AmendmentListPage, (p) => p.amendments);
}

/** One amendment's detail, actions and text versions. */
export async function getAmendmentItems(
  congress: number,
  type: AmendmentType,
  number: number,
): Promise<{ detail: AmendmentDetail; actions: AmendmentActionItem[]; texts: AmendmentTextItem[] }> {
  const path = amendmentPath(congress, type, number);
  const [detail, actions, texts] = await Promise.all([
    getJson('amendment detail', path, AmendmentDetail),
    getAllPages('amendment actions', `${path}/actions?${PAGE}`, AmendmentActionsPage, (p) => p.actions),
    getAllPages('amendment text', `${path}/text?${PAGE}`, AmendmentTextPage, (p) => p.textVersions),
  ]);
  return { detail: detail.amendment, actions, texts };
}
