/** Global search: bills from the search engine's index, members and topics. */
import { apiFunction, implement } from '#shared/http/api-function.ts';
import * as routes from '#shared/http/routes/search.routes.ts';
import { search } from '#shared/personal/search.ts';

export const handler = apiFunction('search', [
  implement(routes.search, async ({ query }) => {
    const { q, limit, cursor, sort, ...filters } = query;
    return search(q, { limit, cursor, sort, filters });
  }),
]);
