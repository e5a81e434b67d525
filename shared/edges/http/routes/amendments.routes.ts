/** Routes of the amendments, served by the bills function group (functions/api/bills.ts implements them). */
import * as z from 'zod';
import { AmendmentId } from '#shared/domain/amendments/amendment-id.ts';
import { AmendmentDetailView, AmendmentListItem } from '#shared/domain/amendments/amendment-views.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, type RouteDef } from '#shared/edges/http/route.ts';
import { BillIdParams, listOf } from '#shared/edges/http/schemas.ts';

export const listBillAmendments = defineRoute({
  operationId: 'listBillAmendments',
  description:
    'The amendments to a bill, House then Senate, by number: id ({congress}-{hamdt|samdt|suamdt}-{number}), sponsor, purpose, description, the amendment a second-degree one amends, status (derived from its actions: submitted, offered, agreed_to, failed, withdrawn, tabled, fell), latest action and the tallies of its roll calls. Anonymous; 404 bill.not_found for a bill not stored, 422 for a malformed id.',
  method: 'GET',
  path: '/api/bills/{id}/amendments',
  fn: 'bills',
  auth: 'none',
  cache: 'public',
  summary: "The bill's amendments: sponsor, purpose, status, latest action, roll calls",
  tags: ['amendments'],
  params: () => BillIdParams(),
  query: () => Paging(),
  response: () => listOf(AmendmentListItem()),
});

export const getAmendment = defineRoute({
  operationId: 'getAmendment',
  description:
    "One amendment with its actions (newest first), its published text versions (empty until published) and its roll calls, each with every member's position. Anonymous; 404 amendment.not_found for one not stored, 422 for a malformed id.",
  method: 'GET',
  path: '/api/amendments/{id}',
  fn: 'bills',
  auth: 'none',
  cache: 'public',
  summary: 'An amendment: actions, text when published, roll calls with member positions',
  tags: ['amendments'],
  params: () => z.object({ id: AmendmentId() }),
  response: () => AmendmentDetailView(),
});

export const AMENDMENTS_ROUTES: RouteDef[] = [listBillAmendments, getAmendment];
