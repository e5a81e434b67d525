/**
 * The app's one API client: the typed client of clients/typescript (so a contract drift fails the build) on the
 * page's own origin, with the session's bearer token, every failure thrown as an ApiFailure, and a 401 on a
 * signed-in call ending the session. `$api` is the same client as TanStack Query hooks (openapi-react-query).
 */
import createQueryHooks from 'openapi-react-query';
import { createBillWatchClient, type BillWatchClient } from '../../../typescript/index.ts';
import { ApiFailure, failureOf } from './api-failure.ts';

export interface ApiSession {
  token(): string | undefined;
  /** Called when the service refuses the token the call carried (expired, or signed out everywhere). */
  expired(): void;
}

export function createApi(session: ApiSession, options: { baseUrl?: string; fetch?: typeof fetch } = {}) {
  const baseUrl = options.baseUrl ?? globalThis.location?.origin ?? 'http://localhost';
  const client: BillWatchClient = createBillWatchClient(baseUrl, {
    token: () => session.token(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    async onResponse({ request, response }) {
      if (response.ok) return response;
      if (response.status === 401 && request.headers.has('authorization')) session.expired();
      throw await failureOf(response);
    },
    onError({ error }) {
      if (error instanceof ApiFailure) return error;
      return new ApiFailure(0, 'Could not reach BillWatch. Check your connection and try again.');
    },
  });
  return { client, $api: createQueryHooks(client) };
}

export type Api = ReturnType<typeof createApi>;
