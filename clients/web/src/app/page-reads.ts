/**
 * The first read of each page people arrive on from outside (home, a bill, a member, a shared brief or collection, the forecast's model card),
 * declared once: its route names it (routes.tsx, `handle: firstRead(pageReads.x)`), the prefetch starts it as soon as the path is known
 * (page-data.ts), and the page reads it with the same call, `useQuery(pageReads.bill($api, useParams()))`, so the
 * page takes the answer already in flight instead of asking again.
 */
import type { Params } from 'react-router';
import type { Api } from '../api/create-api.ts';

type $Api = Api['$api'];

export const pageReads = {
  dashboard: ($api: $Api) => $api.queryOptions('get', '/api/dashboard'),
  bill: ($api: $Api, { id = '' }: Params) => $api.queryOptions('get', '/api/bills/{id}', { params: { path: { id } } }),
  member: ($api: $Api, { id = '' }: Params) => $api.queryOptions('get', '/api/members/{id}', { params: { path: { id } } }),
  sharedBrief: ($api: $Api, { token = '' }: Params) => $api.queryOptions('get', '/api/share/brief/{token}', { params: { path: { token } } }),
  forecastModel: ($api: $Api) => $api.queryOptions('get', '/api/forecast/model'),
  sharedCollection: ($api: $Api, { token = '' }: Params) =>
    $api.queryOptions('get', '/api/share/collection/{token}', { params: { path: { token }, query: { limit: 100 } } }),
};
