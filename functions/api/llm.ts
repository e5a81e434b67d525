/** The llm API group: brief history, draft letters, LLM settings, and the LLM admin endpoints. */
import { adminStats, reprocessBill } from '#shared/briefs/brief-admin.ts';
import { draftLetter, LetterInputError } from '#shared/briefs/draft-letter.ts';
import { BatchExistsError, BatchUnsupportedError, getBatchState, submitLlmBatch } from '#shared/briefs/llm-batch.ts';
import { listModels, LlmUnavailableError, pingLlm, readSettings, SettingsError, updateSettings } from '#shared/admin/llm-settings-admin.ts';
import { listBriefsPage } from '#shared/db/briefs.repository.ts';
import { getBill } from '#shared/db/bills.repository.ts';
import { apiFunction, implement } from '#shared/http/api-function.ts';
import { ConflictError, InvalidInputError, NotFoundError, UnavailableError } from '#shared/errors/app-error.ts';
import { accepted } from '#shared/http/reply.ts';
import * as routes from '#shared/http/routes/llm.routes.ts';

/** Maps the briefs domain's errors to the neutral error vocabulary. */
function mapped(err: unknown): never {
  if (err instanceof LetterInputError) {
    throw err.kind === 'not_found' ? new NotFoundError(err.message, 'brief.not_found') : new InvalidInputError(err.message, [{ path: err.path ?? 'body', message: err.message }], 'letter.invalid');
  }
  if (err instanceof SettingsError) throw new InvalidInputError(err.message, [{ path: err.path, message: err.message }], 'settings.invalid');
  if (err instanceof BatchUnsupportedError) throw new InvalidInputError(err.message, [{ path: 'settings.llm_provider', message: err.message }], 'llm_batch.unsupported');
  if (err instanceof BatchExistsError) throw new ConflictError(err.message, 'llm_batch.exists');
  if (err instanceof LlmUnavailableError) throw new UnavailableError(err.message, 'llm.unavailable');
  throw err;
}

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
  implement(routes.draftLetter, async ({ params, body, user }) =>
    draftLetter({ user_id: user.id, bill_id: params.id, ...body }).catch(mapped),
  ),
  implement(routes.getSettings, async () => readSettings()),
  implement(routes.putSettings, async ({ body, user }) => updateSettings(body, user.id).catch(mapped)),
  implement(routes.listLlmModels, async ({ query }) => listModels(query.provider)),
  implement(routes.testLlm, async () => pingLlm().catch(mapped)),
  implement(routes.adminStats, async () => adminStats()),
  implement(routes.reprocessBill, async ({ params }) => {
    const queued = await reprocessBill(params.id);
    if (!queued) throw new NotFoundError(`No bill ${params.id}`, 'bill.not_found');
    return accepted(queued);
  }),
  implement(routes.submitLlmBatch, async () => accepted(withoutItems(await submitLlmBatch().catch(mapped)))),
  implement(routes.llmBatchStatus, async () => {
    const state = await getBatchState();
    return state ? withoutItems(state) : { status: 'none' };
  }),
]);
