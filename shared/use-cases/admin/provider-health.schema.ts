/**
 * The reply of GET /api/admin/health: one check per external provider with
 * its status and latency, and an overall status. A failing provider is data
 * in this report, not an HTTP error.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** The checks, in the order the report lists them. */
export const CHECK_NAMES = ['congress_api', 'document_api', 'house_votes', 'senate_votes', 'legislators', 'rep_lookup', 'llm', 'news', 'trends'] as const;
export const CheckName = lazySchema(() => z.enum(CHECK_NAMES).describe('The provider checked'));
export type CheckName = z.infer<ReturnType<typeof CheckName>>;

/** `disabled`: an admin switched the source off (data_sources), so it is not called. */
export const CheckStatus = lazySchema(() =>
  z.enum(['ok', 'error', 'not_configured', 'disabled']).describe('ok, error, not_configured or disabled (switched off in the settings)'),
);
export type CheckStatus = z.infer<ReturnType<typeof CheckStatus>>;

export const ProviderCheck = lazySchema(() =>
  z
    .object({
      name: CheckName(),
      status: CheckStatus(),
      latency_ms: z.number().int().nonnegative().nullable().describe('Milliseconds the provider took to answer (or to fail); null when it was not called.'),
      detail: z.string().describe('What went wrong, for people'),
    })
    .meta({ id: 'ProviderCheck', description: 'The check of one external provider' }),
);
export type ProviderCheck = z.infer<ReturnType<typeof ProviderCheck>>;

export const ProviderHealth = lazySchema(() =>
  z.object({
    status: z.enum(['ok', 'degraded']).describe('"degraded" when any configured, enabled provider failed its check.'),
    checked_at: z.iso.datetime().describe('When the checks ran'),
    checks: z.array(ProviderCheck()).describe('Each provider checked'),
  }),
);
export type ProviderHealth = z.infer<ReturnType<typeof ProviderHealth>>;
