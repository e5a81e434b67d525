/** Bills: list, detail, actions, text, cosponsors, votes and forecasts (with the model card). */
import { actionsView, billDetailView, cosponsorsView, listBillsView, textView, votesView } from '#shared/use-cases/bills/bill-reads.ts';
import { billChangesView } from '#shared/use-cases/bills/change-feed-reads.ts';
import { billForecastRead, forecastModelCard } from '#shared/use-cases/forecasts/forecast-reads.ts';
import { wantsChangeFeed } from '#shared/domain/change-feed-query.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/bills.routes.ts';

export const handler = apiFunction('bills', [
  implement(routes.listBills, async ({ query, user }) => {
    const { limit, cursor, sort, changed_since, ...filters } = query;
    if (wantsChangeFeed({ sort, changed_since })) {
      const { congress, ...others } = filters;
      return billChangesView(congress, others, { changed_since, limit, cursor }, user?.id);
    }
    return listBillsView(filters, { limit, cursor }, user?.id);
  }),
  implement(routes.getBillDetail, async ({ params, user }) => billDetailView(params.id, user?.id)),
  implement(routes.listBillActions, async ({ params, query }) => actionsView(params.id, query)),
  implement(routes.getBillTextVersions, async ({ params, query }) => textView(params.id, query.version)),
  implement(routes.listBillCosponsors, async ({ params }) => cosponsorsView(params.id)),
  implement(routes.listBillVotes, async ({ params, user }) => votesView(params.id, user?.id)),
  implement(routes.getBillForecast, async ({ params }) => billForecastRead(params.id)),
  implement(routes.getForecastModel, async () => forecastModelCard()),
]);
