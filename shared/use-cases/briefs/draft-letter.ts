/**
 * The draft-letter use case. Steps:
 *   1. find the bill's brief (the latest, or the version asked for); a bill
 *      without one (no text published yet) still gets a letter, about the
 *      bill as its record describes it, so a Support follower's "Write to
 *      your representative" link works on every bill;
 *   2. pick the chosen points by id (at most three; unknown ids are refused);
 *   3. take the stance from the request, else from the caller's follow mode;
 *   4. write the letter with the configured model, or from a template offline.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getBrief, getLatestBrief } from '#shared/adapters/db/briefs.repository.ts';
import { getFollow } from '#shared/adapters/db/follows.repository.ts';
import { resolveLlm } from '#shared/adapters/providers/llm/llm-settings.ts';
import { providerFor } from '#shared/adapters/providers/llm/provider-factory.ts';
import { llmDidNotAnswer } from '#shared/adapters/providers/llm/llm-unavailable.ts';
import { withLlmRetries } from '#shared/adapters/providers/llm/retry.ts';
import { letterMessage, stanceFromFollowMode, templateLetter, type Stance, type Tone } from '#shared/domain/briefs/letter.ts';
import { LETTER_SYSTEM_PROMPT } from '#shared/domain/briefs/prompts.ts';
import { InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';

/** No bill, or no brief to cite: nothing to write a letter about. */
const noBrief = (message: string) => new NotFoundError(message, 'brief.not_found');
/** A request the brief cannot satisfy; `path` names the field at fault. */
const letterInvalid = (message: string, path: string) => new InvalidInputError(message, [{ path, message }], 'letter.invalid');

export interface DraftLetterRequest {
  user_id: string;
  bill_id: string;
  cited_points: string[];
  stance?: Stance;
  tone: Tone;
  rep_name?: string;
  brief_version?: number;
}

export interface DraftLetter {
  letter: string;
  stance: Stance;
  stance_source: 'request' | 'follow';
  method: 'llm' | 'template';
  /** Null for a bill without a brief. */
  brief_version: number | null;
}

/** Drafts the letter (see the steps above). */
export async function draftLetter(req: DraftLetterRequest): Promise<DraftLetter> {
  const bill = await getBill(req.bill_id);
  if (!bill) throw noBrief(`No bill ${req.bill_id}`);
  const brief = req.brief_version ? await getBrief(req.bill_id, req.brief_version) : await getLatestBrief(req.bill_id);
  if (req.brief_version && !brief) throw noBrief(`${bill.label} has no brief version ${req.brief_version}`);
  const points = req.cited_points.map((id) => {
    const point = brief?.points.find((p) => p.id === id);
    if (!point)
      throw letterInvalid(
        brief ? `Brief version ${brief.version} has no point ${id}` : `${bill.label} has no brief yet, so no point ${id}`,
        'body.cited_points',
      );
    return point;
  });
  let stance = req.stance ?? null;
  const source = stance ? 'request' : 'follow';
  if (!stance) stance = stanceFromFollowMode((await getFollow(req.user_id, 'bill', req.bill_id))?.follow_mode);
  if (!stance) throw letterInvalid('Give a stance (YES or NO), or follow the bill with hold_boost or hold_veto', 'body.stance');

  const input = { bill, stance, tone: req.tone, rep_name: req.rep_name, points };
  const resolved = await resolveLlm();
  const provider = resolved.kind === 'llm' ? await providerFor(resolved.provider) : null;
  if (!provider || resolved.kind !== 'llm')
    return { letter: templateLetter(input), stance, stance_source: source, method: 'template', brief_version: brief?.version ?? null };
  let response;
  try {
    response = await withLlmRetries(() => provider.complete(resolved.model, { system: LETTER_SYSTEM_PROMPT, user: letterMessage(input), maxTokens: 700 }));
  } catch (err) {
    // The caller did nothing wrong: a 503 that names the provider, never a 500.
    throw llmDidNotAnswer(resolved.provider, err);
  }
  const letter = response.text?.trim();
  return letter
    ? { letter, stance, stance_source: source, method: 'llm', brief_version: brief?.version ?? null }
    : { letter: templateLetter(input), stance, stance_source: source, method: 'template', brief_version: brief?.version ?? null };
}
