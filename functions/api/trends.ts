/** Trends: the public-interest scores of a bill or a member with their signal breakdown. */
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/trends.routes.ts';
import { billTrendView, memberTrendView } from '#shared/use-cases/trends/trend-reads.ts';

export const handler = apiFunction('trends', [
  implement(routes.getBillTrend, async ({ params, query }) => billTrendView(params.id, query.days)),
  implement(routes.getMemberTrend, async ({ params, query }) => memberTrendView(params.id, query.days)),
]);
