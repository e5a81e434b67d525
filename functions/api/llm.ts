/** The llm API group: brief history, draft letters, LLM settings, and the LLM admin endpoints. */
import { adminStats, reprocessBill } from '#shared/use-cases/briefs/brief-admin.ts';
import { draftLetter } from '#shared/use-cases/briefs/draft-letter.ts';
import { getBatchState } from '#shared/use-cases/briefs/llm-batch.ts';
import { publicBatchStatus } from '#shared/domain/briefs/batch-state.schema.ts';
import { listModels, pingLlm, readSettings, updateSettings } from '#shared/use-cases/admin/llm-settings-admin.ts';
import { listBriefsPage } from '#shared/adapters/db/briefs.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { accepted } from '#shared/edges/http/reply.ts';
import { submitLlmBatchRequest } from '#shared/edges/jobs/llm-batch-admin.ts';
import * as routes from '#shared/edges/http/routes/llm.routes.ts';

const withoutItems = <T extends { items?: unknown }>(state: T) => {
  const { items: _items, ...rest } = state;
  return rest;
};

export const handler = apiFunction('llm', [
  implement(routes.listBillBriefs, async ({ params, query }) => {
    const page = await listBriefsPage(params.id, query.limit, query.cursor);
    if (page.items.length === 0 && !query.cursor && !(await getBill(params.id))) throw new NotFoundError(`No bill ${params.id}`, 'bill.not_found');
    return page;
  }),
  implement(routes.draftLetter, async ({ params, body, user }) => draftLetter({ user_id: user.id, bill_id: params.id, ...body })),
  implement(routes.getSettings, async () => readSettings()),
  implement(routes.putSettings, async ({ body, user }) => updateSettings(body, user.id)),
  implement(routes.listLlmModels, async ({ query }) => listModels(query.provider)),
  implement(routes.testLlm, async () => pingLlm()),
  implement(routes.adminStats, async () => adminStats()),
  implement(routes.reprocessBill, async ({ params }) => {
    const queued = await reprocessBill(params.id);
    if (!queued) throw new NotFoundError(`No bill ${params.id}`, 'bill.not_found');
    return accepted(queued);
  }),
  implement(routes.submitLlmBatch, async ({ user }) => {
    const request = await submitLlmBatchRequest(user.id, new Date());
    return accepted({ ...request, status: publicBatchStatus(request.status) });
  }),
  implement(routes.llmBatchStatus, async () => {
    const state = await getBatchState();
    return state ? { ...withoutItems(state), status: publicBatchStatus(state.status) } : { status: 'none' as const };
  }),
]);
