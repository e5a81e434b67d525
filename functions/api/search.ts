/** Global search: bills from the search engine's index, members and topics. */
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/search.routes.ts';
import { search } from '#shared/use-cases/personal/search.ts';

export const handler = apiFunction('search', [
  implement(routes.search, async ({ query }) => {
    const { q, limit, cursor, sort, ...filters } = query;
    return search(q, { limit, cursor, sort, filters });
  }),
]);
