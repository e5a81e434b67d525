/** Admin: jobs (list, run by name, the job trigger paths), user management, the external-API health check and bill backfills. */
import { requestRebuild } from '#shared/use-cases/bills/search-index-requests.ts';
import { demoteUser, promoteUser, removeUser } from '#shared/use-cases/admin/user-admin.ts';
import { listUsers } from '#shared/adapters/db/users.repository.ts';
import { toPublicUser } from '#shared/domain/users/user.schema.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { accepted, noContent } from '#shared/edges/http/reply.ts';
import * as routes from '#shared/edges/http/routes/admin.routes.ts';
import { jobRun, jobRunHistory, listJobsWithRuns, startJob } from '#shared/edges/jobs/job-runs-admin.ts';
import { runDemoReplay } from '#shared/use-cases/admin/demo-replay.ts';
import { billBackfillStatus, listBillBackfills, startBillBackfill } from '#shared/use-cases/bills/bill-backfill-admin.ts';

export const handler = apiFunction('admin', [
  implement(routes.listJobs, async () => listJobsWithRuns(new Date())),
  implement(routes.listJobRuns, async ({ params, query }) => jobRunHistory(params.name, query, new Date())),
  implement(routes.getJobRun, async ({ params }) => jobRun(params.name, params.run_id, new Date())),
  implement(routes.runJobByName, async ({ params, user }) => accepted(await startJob(params.name, user.id))),
  ...routes.JOB_TRIGGER_ROUTES.map((route) => implement(route, async ({ user }) => accepted(await startJob(route.job as string, user.id)))),
  implement(routes.listUsers, async ({ query }) => {
    const page = await listUsers(query.limit, query.cursor);
    return { items: page.items.map(toPublicUser), next_cursor: page.next_cursor };
  }),
  implement(routes.deleteUser, async ({ params, user }) => {
    await removeUser(user, params.id);
    return noContent();
  }),
  implement(routes.promoteUser, async ({ params }) => promoteUser(params.id)),
  implement(routes.demoteUser, async ({ params, user }) => demoteUser(user, params.id)),
  // The only admin route that reaches every provider (with their XML, YAML and LLM clients): loaded on its first call.
  implement(routes.providerHealth, async () => (await import('#shared/use-cases/admin/provider-probes.ts')).checkProviderHealth()),
  implement(routes.rebuildSearchIndex, async () => {
    await requestRebuild();
    return accepted({ status: 'queued' as const });
  }),
  implement(routes.startBillBackfill, async ({ body, user }) => {
    // Stored as the admin's email: the console shows who started it, and a user id says nothing to a person.
    const { action, backfill } = await startBillBackfill(body, user.email, new Date());
    return accepted({ ...backfill, action });
  }),
  implement(routes.listBillBackfills, async ({ query }) => listBillBackfills(query, new Date())),
  implement(routes.getBillBackfill, async ({ params }) => billBackfillStatus(params.id, new Date())),
  implement(routes.replayDemo, async ({ body }) => runDemoReplay(body)),
]);
