/** Routes of the llm function group (functions/api/llm.ts implements them): briefs, letters, LLM settings and admin. */
import * as z from 'zod';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { STANCES, TONES } from '#shared/domain/briefs/letter.ts';
import { SettingsUpdate } from '#shared/admin/llm-settings.schema.ts';
import { DataSources } from '#shared/domain/settings/data-sources.ts';
import { PROVIDER_NAMES } from '#shared/domain/llm/llm-provider.ts';
import { BillIdParams, listOf } from '#shared/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, type RouteDef } from '#shared/http/route.ts';

const fn = 'llm' as const;

export const listBillBriefs = defineRoute({
  operationId: 'listBillBriefs',
  method: 'GET',
  path: '/api/bills/{id}/briefs',
  fn,
  auth: 'none',
  tags: ['briefs'],
  summary: 'Brief version history of a bill, newest first',
  params: BillIdParams,
  query: Paging,
  response: listOf(Brief),
});

export const DraftLetterBody = z.object({
  /** Ids of the brief's points ("p1", …), at most three, so the letter stays short and focused. */
  cited_points: z
    .array(z.string().regex(/^p\d{1,3}$/, { error: 'must be a point id such as p1' }))
    .min(1)
    .max(3),
  /** YES or NO; pre-filled from the follow mode (hold_boost → YES, hold_veto → NO) when absent. */
  stance: z.enum(STANCES).optional(),
  tone: z.enum(TONES).default('formal'),
  rep_name: z.string().trim().min(1).max(120).optional(),
  /** The brief version the points belong to; the latest when absent. */
  brief_version: z.number().int().positive().optional(),
});

export const draftLetter = defineRoute({
  operationId: 'draftLetter',
  method: 'POST',
  path: '/api/bills/{id}/draft-letter',
  fn,
  auth: 'user',
  rateLimit: 'llm',
  tags: ['briefs'],
  summary: 'A plain-text letter to a representative from up to three cited points of the brief',
  params: BillIdParams,
  body: DraftLetterBody,
  response: z.object({
    letter: z.string(),
    stance: z.enum(STANCES),
    stance_source: z.enum(['request', 'follow']),
    method: z.enum(['llm', 'template']),
    brief_version: z.number(),
  }),
});

const SettingsView = z.object({
  llm_provider: z.string(),
  llm_model: z.string(),
  llm_source: z.string(),
  batch_supported: z.boolean(),
  brief_mode: z.enum(['realtime', 'batch']),
  /** Every data-source switch, each `{enabled}` (true unless an admin turned it off). */
  data_sources: DataSources,
  providers: z.array(z.object({ provider: z.string(), configured: z.boolean(), default_model: z.string() })),
});

export const getSettings = defineRoute({
  operationId: 'getSettings',
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
  method: 'PUT',
  path: '/api/settings',
  fn,
  auth: 'admin',
  tags: ['settings'],
  summary:
    'Set the LLM provider, model, brief mode (realtime or batch) and data-source switches ({"data_sources": {"news_search": {"enabled": false}}} changes only the sources named); null restores the default',
  body: SettingsUpdate,
  response: SettingsView,
});

export const listLlmModels = defineRoute({
  operationId: 'listLlmModels',
  method: 'GET',
  path: '/api/settings/llm-models',
  fn,
  auth: 'admin',
  tags: ['settings'],
  summary: "A provider's models, fetched live (the provider in force unless ?provider= names one); error is set when they cannot be listed",
  query: z.object({ provider: z.enum(PROVIDER_NAMES).optional() }),
  response: z.object({ provider: z.string(), models: z.array(z.string()), error: z.string().optional() }),
});

export const testLlm = defineRoute({
  operationId: 'testLlm',
  method: 'POST',
  path: '/api/admin/test-llm',
  fn,
  auth: 'admin',
  rateLimit: 'llm',
  tags: ['admin'],
  summary: 'Ping the LLM in force with max_tokens 20',
  response: z.object({ provider: z.string(), model: z.string(), reply: z.string() }),
});

export const adminStats = defineRoute({
  operationId: 'adminStats',
  method: 'GET',
  path: '/api/admin/stats',
  fn,
  auth: 'admin',
  tags: ['admin'],
  summary: 'Processing statistics',
  response: z.object({
    total_bills: z.number(),
    documents_fetched: z.number(),
    briefs_full: z.number(),
    briefs_amendment: z.number(),
    remaining: z.number(),
    uncited_briefs: z.number(),
    unlabeled_briefs: z.number(),
    bills_missing_sponsor: z.number(),
    bills_missing_metadata: z.number(),
  }),
});

export const reprocessBill = defineRoute({
  operationId: 'reprocessBill',
  method: 'POST',
  path: '/api/admin/bills/{id}/reprocess',
  fn,
  auth: 'admin',
  tags: ['admin'],
  summary: 'Re-run document fetch and briefing for one bill',
  params: BillIdParams,
  successStatus: 202,
  response: z.object({ bill_id: z.string(), document_fetch_queued: z.boolean(), brief_queued_for: z.string().nullable() }),
});

const BatchView = z.object({
  status: z.string(),
  batch_id: z.string().nullable().optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
  submitted_at: z.string().nullable().optional(),
  updated_at: z.string().optional(),
  total: z.number().optional(),
  completed: z.number().optional(),
  failed: z.number().optional(),
  imported: z.number().optional(),
  import_failed: z.number().optional(),
  error: z.string().nullable().optional(),
  request_id: z.string().nullable().optional().describe('The batch request that claimed the slot (null on batches submitted before requests had ids)'),
  requested_by: z.string().nullable().optional().describe('Id of the admin who asked for the batch'),
  requested_at: z.string().nullable().optional().describe('When the batch was asked for (ISO 8601)'),
  lease_until: z
    .string()
    .nullable()
    .optional()
    .describe('While status is requested: when the slot frees itself if the build job has not recorded a batch (ISO 8601); null once submitted'),
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
});

export const submitLlmBatch = defineRoute({
  operationId: 'submitLlmBatch',
  method: 'POST',
  path: '/api/admin/submit-llm-batch',
  fn,
  auth: 'admin',
  tags: ['admin'],
  summary:
    'Ask for one LLM batch of up to 1000 unbriefed documents (openai, anthropic): answers 202 with the recorded request (status requested) while build_llm_batch builds and submits it; 409 while a batch or a live request holds the slot',
  successStatus: 202,
  response: BatchView.extend({
    run_id: z.string().nullable().describe('The build_llm_batch run asked for; null when the job bus refused it (the next scheduled poll builds the request)'),
  }),
});

export const llmBatchStatus = defineRoute({
  operationId: 'llmBatchStatus',
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
