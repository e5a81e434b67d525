/**
 * @billwatch/client: a typed client of the BillWatch HTTP API for web and
 * mobile code. The types (schema.d.ts) are generated from the service's own
 * route table, so every path, parameter, body and reply is checked by the
 * TypeScript compiler; the calls are made by openapi-fetch.
 *
 *   const api = createBillWatchClient('https://billwatch.example.org', { token });
 *   const { data, error } = await api.GET('/api/bills/{id}', { params: { path: { id: '118-hr-3076' } } });
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

export type { components, operations, paths };
/** The shared schemas of the API by name: Schemas['Bill'], Schemas['Error'], … */
export type Schemas = components['schemas'];
/** The error body every failed call answers: `{detail, code, errors?}`. */
export type ApiError = Schemas['Error'];
export type BillWatchClient = Client<paths>;

export interface BillWatchClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** A bearer token from POST /api/auth/login, sent on every call; a function is asked before each call (for refreshed tokens). */
  token?: string | (() => string | undefined | Promise<string | undefined>);
}

/** A client of the API at `baseUrl` (the service's origin, without /api). */
export function createBillWatchClient(baseUrl: string, options: BillWatchClientOptions = {}): BillWatchClient {
  const { token, ...rest } = options;
  const client = createClient<paths>({ ...rest, baseUrl: baseUrl.replace(/\/+$/, '') });
  if (token !== undefined) {
    client.use({
      async onRequest({ request }) {
        const value = typeof token === 'function' ? await token() : token;
        if (value && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${value}`);
        return request;
      },
    });
  }
  return client;
}
