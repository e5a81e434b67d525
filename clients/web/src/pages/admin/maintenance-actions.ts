/**
 * The admin one-shot actions (backfills, resumes, recalculations): every admin POST route of the API that takes no
 * body and no path parameter, each with a plain-words name and what it does. The table's keys are checked against
 * the typed client, so a new one-shot route in the route table fails the build until it has a row here.
 */
import type { paths } from '../../../../typescript/index.ts';

type AdminPath = Extract<keyof paths, `/api/admin/${string}`>;
type PostOf<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;

/** An admin path whose POST needs nothing but the admin's token. */
type OneShotAdminPath = {
  [P in AdminPath]: [PostOf<P>] extends [never] ? never : PostOf<P> extends { parameters: { path?: never }; requestBody?: never } ? P : never;
}[AdminPath];

/** One-shot routes with a control of their own elsewhere in the console (the news section, the LLM sections). */
type OwnSection = '/api/admin/clear-news-feed-cache' | '/api/admin/submit-llm-batch' | '/api/admin/test-llm';

export type MaintenancePath = Exclude<OneShotAdminPath, OwnSection>;

type Accepted<P extends MaintenancePath> = PostOf<P> extends { responses: { 202: { content: { 'application/json': infer B } } } } ? B : never;
/** What any maintenance action answers on success. */
export type MaintenanceAnswer = Accepted<MaintenancePath>;

export interface MaintenanceAction {
  /** The button's words and the row's name: what the admin wants done. */
  name: string;
  /** What it does and what it costs, in plain words, shown beside the button and in the confirmation. */
  does: string;
}

export const MAINTENANCE_ACTIONS: { readonly [P in MaintenancePath]: MaintenanceAction } = {
  '/api/admin/trigger-fetch-actions': {
    name: 'Fetch the actions of active bills',
    does: 'Reads the latest actions of every bill with an action in the last 30 days now, instead of at the next scheduled run.',
  },
  '/api/admin/backfill-all-actions': {
    name: 'Fetch the actions of every bill',
    does: 'Reads the actions of every stored bill, however old. Long, and it spends the Congress.gov call budget.',
  },
  '/api/admin/backfill-sponsors': {
    name: 'Link missing sponsors',
    does: 'Looks up the sponsor of every bill still missing one.',
  },
  '/api/admin/backfill-cosponsors': {
    name: 'Fetch cosponsors',
    does: 'Reads the cosponsors of every stored bill again. It spends the Congress.gov call budget.',
  },
  '/api/admin/backfill-dates-links': {
    name: 'Fill missing dates and links',
    does: 'Reads the bill details again for bills missing an introduced date or a Congress.gov link.',
  },
  '/api/admin/resume-bill-backfills': {
    name: 'Resume stalled bill backfills',
    does: 'Starts again every bill backfill whose next page is more than 45 minutes overdue, at the page it stopped on.',
  },
  '/api/admin/calculate-effectiveness': {
    name: 'Recalculate effectiveness scores',
    does: "Scores every member from their sponsored bills again, with each member's tier and percentile.",
  },
  '/api/admin/backfill-citations': {
    name: 'Rewrite briefs without citations',
    does: 'Deletes the briefs that have no verified citation and writes them again from the stored text. It uses the language model; the new briefs notify no one.',
  },
  '/api/admin/backfill-labels': {
    name: 'Label cited points',
    does: 'Marks each cited point of the existing briefs as a cited fact or an inference, in place. It uses the language model.',
  },
  '/api/admin/backfill-categories': {
    name: 'Classify bills without a category',
    does: 'Gives a category to every bill that has none. It uses the language model.',
  },
  '/api/admin/resume-analysis': {
    name: 'Resume stalled briefs',
    does: 'Queues again the documents whose brief has been waiting for more than 15 minutes.',
  },
  '/api/admin/trigger-weekly-digest': {
    name: 'Send the weekly digest now',
    does: 'Sends every user the followed bills updated in the past 7 days, on each of their channels. People receive it: do not run it twice.',
  },
  '/api/admin/search/rebuild': {
    name: 'Rebuild the search index',
    does: 'Reads every bill, its latest brief and text into a new search index; search answers from the new one at its next sync.',
  },
};

/** The actions in the order of the table above, each with its path. */
export const MAINTENANCE_ROWS = (Object.keys(MAINTENANCE_ACTIONS) as MaintenancePath[]).map((path) => ({ path, ...MAINTENANCE_ACTIONS[path] }));

/** The service's answer in words: the job run it started, or that the work is queued. */
export function answerWords(answer: MaintenanceAnswer): string {
  if ('run_id' in answer) return `Started: run ${answer.run_id} of ${answer.job}. Its progress shows under Jobs.`;
  return 'Queued: it runs in the background.';
}
