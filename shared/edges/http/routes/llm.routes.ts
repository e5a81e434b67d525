/** Routes of the llm function group (functions/api/llm.ts implements them): briefs, letters, LLM settings and admin. */
import * as z from 'zod';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { STANCES, TONES } from '#shared/domain/briefs/letter.ts';
import { SettingsUpdate } from '#shared/use-cases/admin/llm-settings.schema.ts';
import { DataSources } from '#shared/domain/settings/data-sources.ts';
import { BATCH_STATUSES, PROVIDER_NAMES } from '#shared/domain/llm/llm-provider.ts';
import { BillIdParams, listOf } from '#shared/edges/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, lazySchema, type RouteDef } from '#shared/edges/http/route.ts';

const fn = 'llm' as const;

export const listBillBriefs = defineRoute({
  operationId: 'listBillBriefs',
  description:
    'Every brief of a bill, newest first: the cited points of each text version and the amendment briefs between versions. Anonymous; 404 for an unknown bill.',
  method: 'GET',
  path: '/api/bills/{id}/briefs',
  fn,
  auth: 'none',
  cache: 'public',
  tags: ['briefs'],
  summary: 'Brief version history of a bill, newest first',
  params: () => BillIdParams(),
  query: () => Paging(),
  response: () => listOf(Brief()),
});

const DraftLetterBody = lazySchema(() =>
  z.object({
    /** Ids of the brief's points ("p1", …), at most three, so the letter stays short and focused. */
    cited_points: z
      .array(z.string().regex(/^p\d{1,3}$/, { error: 'must be a point id such as p1' }))
      .max(3)
      .default([])
      .describe('The brief points the letter cites; none for a bill without a brief (the letter then speaks of the bill from its record)'),
    stance: z.enum(STANCES).optional().describe('YES or NO; pre-filled from the follow mode (hold_boost \u2192 YES, hold_veto \u2192 NO) when absent.'),
    tone: z.enum(TONES).default('formal').describe('The tone of the letter: formal, friendly or urgent'),
    // One line: a line break (or any control character) would add a line of the sender's choosing to the letter.
    rep_name: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .regex(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, { error: 'must be one line of text: no line breaks or control characters' })
      .optional()
      .describe('The representative to address (one line); the letter uses a generic greeting when absent'),
    brief_version: z.number().int().positive().optional().describe('The brief version the points belong to; the latest when absent.'),
  }),
);

export const draftLetter = defineRoute({
  operationId: 'draftLetter',
  description:
    "Drafts a plain-text letter to a representative about a bill from up to three cited points of its brief (or, for a bill without a brief, from its title and latest action), with the caller's stance. Signed in; rate limited per user (llm); 404 brief.not_found for an unknown bill or brief version, 422 letter.invalid for a point the brief does not have; without an LLM the letter comes from a template (method).",
  method: 'POST',
  path: '/api/bills/{id}/draft-letter',
  fn,
  auth: 'user',
  rateLimit: 'llm',
  tags: ['briefs'],
  summary: 'A plain-text letter to a representative from up to three cited points of the brief',
  params: () => BillIdParams(),
  body: DraftLetterBody,
  response: () =>
    z.object({
      letter: z.string().describe('The letter, plain text'),
      stance: z.enum(STANCES).describe('The stance on the bill: YES or NO'),
      stance_source: z.enum(['request', 'follow']).describe('Where the stance came from: the request or the follow mode'),
      method: z.enum(['llm', 'template']).describe('llm when the LLM wrote it, template when no LLM is configured or it failed'),
      brief_version: z.number().nullable().describe('The brief version the points belong to; null for a bill without a brief'),
    }),
});

const SettingsView = lazySchema(() =>
  z
    .object({
      llm_provider: z.string().describe('The LLM provider in force'),
      llm_model: z.string().describe('The model in force'),
      llm_source: z.string().describe('Where the provider in force comes from (the settings or the environment), or extractive when none is configured'),
      batch_supported: z.boolean().describe('Whether the provider in force has a batch interface'),
      brief_mode: z.enum(['realtime', 'batch']).describe('realtime (brief as texts arrive) or batch (an admin submits LLM batches)'),
      data_sources: DataSources().describe('Every data-source switch, each `{enabled}` (true unless an admin turned it off).'),
      providers: z
        .array(
          z.object({
            provider: z.string().describe('The LLM provider: openai, anthropic, gemini, ollama or none'),
            configured: z.boolean().describe('Whether the provider is configured (a key or URL is set)'),
            default_model: z.string().describe('The model used when none is set'),
          }),
        )
        .describe('Every LLM provider with whether it is configured and its default model'),
    })
    .meta({ id: 'Settings', description: 'The service settings: the LLM in force, the brief mode and the data-source switches' }),
);

export const getSettings = defineRoute({
  operationId: 'getSettings',
  description: 'The LLM provider and model in force, the brief mode and the data-source switches. Signed in.',
  method: 'GET',
  path: '/api/settings',
  fn,
  auth: 'user',
  tags: ['settings'],
  summary: 'The effective LLM provider and model and the public settings',
  response: SettingsView,
});

export const putSettings = defineRoute({
  operationId: 'putSettings',
  description:
    'Sets the LLM provider, model, brief mode (realtime or batch) and data-source switches; data_sources changes only the sources named, and null restores a default. Admin only; 422 for an unknown provider or model.',
  method: 'PUT',
  path: '/api/settings',
  fn,
  auth: 'admin',
  tags: ['settings'],
  summary:
    'Set the LLM provider, model, brief mode (realtime or batch) and data-source switches ({"data_sources": {"news_search": {"enabled": false}}} changes only the sources named); null restores the default',
  body: () => SettingsUpdate(),
  response: SettingsView,
});

export const listLlmModels = defineRoute({
  operationId: 'listLlmModels',
  description:
    'The models of an LLM provider, fetched live (the provider in force unless ?provider= names one); error is set, in a 200, when they cannot be listed. Admin only.',
  method: 'GET',
  path: '/api/settings/llm-models',
  fn,
  auth: 'admin',
  tags: ['settings'],
  summary: "A provider's models, fetched live (the provider in force unless ?provider= names one); error is set when they cannot be listed",
  query: () => z.object({ provider: z.enum(PROVIDER_NAMES).optional().describe('The LLM provider: openai, anthropic, gemini, ollama or none') }),
  response: () =>
    z.object({
      provider: z.string().describe('The LLM provider: openai, anthropic, gemini, ollama or none'),
      models: z.array(z.string()).describe('The model names'),
      error: z.string().optional().describe('What went wrong; null when nothing did'),
    }),
});

export const testLlm = defineRoute({
  operationId: 'testLlm',
  description: 'Pings the LLM in force with a 20-token request and reports the provider, model and reply. Admin only; rate limited per user (llm).',
  method: 'POST',
  path: '/api/admin/test-llm',
  fn,
  auth: 'admin',
  rateLimit: 'llm',
  tags: ['admin'],
  summary: 'Ping the LLM in force with max_tokens 20',
  response: () =>
    z.object({
      provider: z.string().describe('The LLM provider: openai, anthropic, gemini, ollama or none'),
      model: z.string().describe('The model name'),
      reply: z.string().describe('What the model answered'),
    }),
});

export const adminStats = defineRoute({
  operationId: 'adminStats',
  description:
    'Processing statistics: bills, fetched documents, full and amendment briefs, what remains to brief, and briefs or bills still missing citations, labels, sponsors or metadata. Admin only.',
  method: 'GET',
  path: '/api/admin/stats',
  fn,
  auth: 'admin',
  tags: ['admin'],
  summary: 'Processing statistics',
  response: () =>
    z.object({
      total_bills: z.number().describe('Bills stored'),
      documents_fetched: z.number().describe('Bill texts stored'),
      briefs_full: z.number().describe('Full briefs written'),
      briefs_amendment: z.number().describe('Amendment briefs written'),
      remaining: z.number().describe('Documents waiting for a brief'),
      uncited_briefs: z.number().describe('Briefs with a withheld point or without a verified citation'),
      withheld_points: z.number().describe('Brief points not published: their quote is not in the text word for word'),
      unlabeled_briefs: z.number().describe('Briefs whose points are not labelled'),
      bills_missing_sponsor: z.number().describe('Bills still missing their sponsor'),
      bills_missing_metadata: z.number().describe('Bills still missing an introduced date or congress.gov link'),
    }),
});

export const reprocessBill = defineRoute({
  operationId: 'reprocessBill',
  description: 'Queues the document fetch and briefing of one bill again and answers 202. Admin only; 404 for an unknown bill.',
  method: 'POST',
  path: '/api/admin/bills/{id}/reprocess',
  fn,
  auth: 'admin',
  tags: ['admin'],
  summary: 'Re-run document fetch and briefing for one bill',
  params: () => BillIdParams(),
  successStatus: 202,
  response: () =>
    z.object({
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      document_fetch_queued: z.boolean().describe('Whether a document fetch was queued'),
      brief_queued_for: z.string().nullable().describe('The text version a brief was queued for; null when none'),
    }),
});

const BatchView = lazySchema(() =>
  z
    .object({
      status: z
        .enum(BATCH_STATUSES)
        .describe(
          'The batch state (SPEC): none, submitted (asked for or handed to the provider; batch_id null until a build job has submitted it), in_progress, completed, failed, expired or cancelled',
        ),
      batch_id: z.string().nullable().optional().describe('The provider id of the LLM batch'),
      provider: z.string().optional().describe('The LLM provider: openai, anthropic, gemini, ollama or none'),
      model: z.string().optional().describe('The model name'),
      submitted_at: z.string().nullable().optional().describe('When it was handed to the provider; null until a build job has submitted it'),
      updated_at: z.string().optional().describe('When it was last changed (ISO 8601, UTC)'),
      total: z.number().optional().describe('Documents in the batch'),
      completed: z.number().optional().describe('Items completed'),
      failed: z.number().optional().describe('Items that failed'),
      imported: z.number().optional().describe('Results imported'),
      import_failed: z.number().optional().describe('Results that failed to import'),
      error: z.string().nullable().optional().describe('What went wrong; null when nothing did'),
      request_id: z.string().nullable().optional().describe('The batch request that claimed the slot (null on batches submitted before requests had ids)'),
      requested_by: z.string().nullable().optional().describe('Id of the admin who asked for the batch'),
      requested_at: z.string().nullable().optional().describe('When the batch was asked for (ISO 8601)'),
      lease_until: z
        .string()
        .nullable()
        .optional()
        .describe(
          'While the batch is asked for but not yet built (submitted, batch_id null): when the slot frees itself if the build job has not recorded a batch (ISO 8601); null once handed to the provider',
        ),
      builder_run_id: z.string().nullable().optional().describe('The build_llm_batch run that claimed the request, null until one does'),
      settings: z
        .object({
          source: z.enum(['settings', 'environment']).describe('Where the provider and model came from when the batch was requested'),
          prompt_version: z.string().describe('Version of the brief prompts the batch was built with'),
          max_tokens: z.number().describe('Output token limit of each brief request'),
          chunk_tokens: z.number().describe('Input size above which a text is briefed in realtime instead (it needs splitting)'),
        })
        .nullable()
        .optional()
        .describe('The settings recorded with the request; the build, poll and import use them and the recorded provider and model, not those in force later'),
    })
    .meta({ id: 'LlmBatch', description: 'The LLM batch in flight and its progress' }),
);

export const submitLlmBatch = defineRoute({
  operationId: 'submitLlmBatch',
  description:
    'Records a request for one LLM batch (OpenAI or Anthropic) of up to 1000 unbriefed documents and answers 202 at once; the build_llm_batch job builds and submits it with the provider and model recorded here. Admin only; 409 (with the lease expiry) while a batch or a live request holds the slot, 422 when the provider in force has no batch interface.',
  method: 'POST',
  path: '/api/admin/submit-llm-batch',
  fn,
  auth: 'admin',
  tags: ['admin'],
  summary:
    'Ask for one LLM batch of up to 1000 unbriefed documents (openai, anthropic): answers 202 with the recorded request (status submitted, batch_id null) while build_llm_batch builds and submits it; 409 while a batch or a live request holds the slot',
  successStatus: 202,
  response: () =>
    BatchView().extend({
      run_id: z
        .string()
        .nullable()
        .describe('The build_llm_batch run asked for; null when the job bus refused it (the next scheduled poll builds the request)'),
    }),
});

export const llmBatchStatus = defineRoute({
  operationId: 'llmBatchStatus',
  description: 'The progress of the LLM batch in flight, if any: its provider, counts and state. Admin only.',
  method: 'GET',
  path: '/api/admin/llm-batch-status',
  fn,
  auth: 'admin',
  tags: ['admin'],
  summary: 'Progress of the LLM batch',
  response: BatchView,
});

export const LLM_ROUTES: RouteDef[] = [
  listBillBriefs,
  draftLetter,
  getSettings,
  putSettings,
  listLlmModels,
  testLlm,
  adminStats,
  reprocessBill,
  submitLlmBatch,
  llmBatchStatus,
];
