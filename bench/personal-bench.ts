/**
 * People's features benchmark. On DynamoDB Local, in memory:
 *   1. load 2,000 bills and 550 members, a user with follows, notes, a
 *      collection and stances on bills with roll calls;
 *   2. call every personal route through its real Lambda handler and count the
 *      DynamoDB requests each one makes (a middleware on dynamo());
 *   3. grow the dataset to 20,000 bills and count again: a route whose count
 *      changes grows with the number of bills;
 *   4. time search in the handler (p50, p95) per kind of query;
 *   5. the dashboard: its requests with and without trend scores, its p95
 *      against a bill detail's (each route's calls in a block, then the three
 *      taken in turn), and where the signed-in dashboard's time goes (each
 *      request's time and answer size, and the rest).
 * Prints a table; not a test. Run: npx tsx bench/personal-bench.ts
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { countCommands, startBenchStack } from './support/bench-stack.ts';
import { benchBill, writeBills, writeMembers, writeRollCalls } from './personal-dataset.ts';

const SMALL = 2_000;
const LARGE = 20_000;
const MEMBERS = 550;
const SEARCH_RUNS = 200;
/** The dashboard's target: at most this many DynamoDB requests, and a p95 within this ratio of a bill detail's. */
const DASHBOARD_MAX_REQUESTS = 3;
const DASHBOARD_P95_RATIO = 1.5;
/** The target for a search in the handler, p95 (docs/product-rules.md, "Performance targets"). */
const TARGET_P95_MS = 50;

const stack = await startBenchStack('personal', { fauxqs: false });

// Imported after the environment is set: the handlers validate config at cold start.
const { dynamo } = await import('#shared/platform/aws-clients.ts');
const { tableDefinition } = await import('#shared/adapters/db/table-definition.ts');
const { call } = await import('#test/support/api.ts');
const { handler: auth } = await import('#functions/api/auth.ts');
const { handler: personal } = await import('#functions/api/personal.ts');
const { handler: bills } = await import('#functions/api/bills.ts');
const { fillDashboardFeed } = await import('#shared/use-cases/migrations/0004-dashboard-feed.ts');
const { putTrendScores } = await import('#shared/adapters/db/trend-scores.repository.ts');
const { dashboardFor } = await import('#shared/use-cases/personal/dashboard.ts');
const { getUserByEmail } = await import('#shared/adapters/db/users.repository.ts');

const counter = countCommands(dynamo()).counts;
const requestsSoFar = () => [...counter.values()].reduce((a, b) => a + b, 0);

try {
  await dynamo().send(new CreateTableCommand(tableDefinition('bench-personal')));
  let t = performance.now();
  await writeBills(0, SMALL);
  const members = await writeMembers(MEMBERS);
  const stanced = [0, 2, 4, 6, 8].map((i) => benchBill(i).id);
  await writeRollCalls(stanced, members.slice(0, MEMBERS));
  // The dataset is written in bulk, past the writers that keep the dashboard feed: fill it as the deploy migration does.
  await fillDashboardFeed();
  console.log(`loaded ${SMALL} bills, ${MEMBERS} members, ${stanced.length * 2} roll calls in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const token = await signUp('bench-user@example.org');
  for (const [i, id] of stanced.entries()) {
    await call(personal, 'POST', '/api/follows', { token, body: { target_type: 'bill', target_id: id, follow_mode: i % 2 ? 'hold_veto' : 'hold_boost' } });
  }
  for (const m of members.slice(0, 10)) await call(personal, 'POST', '/api/follows', { token, body: { target_type: 'member', target_id: m.id } });
  await call(personal, 'POST', '/api/follows', { token, body: { target_type: 'topic', target_id: 'policy-area-3' } });
  const collection = (await call(personal, 'POST', '/api/collections', { token, body: { name: 'Bench list', is_public: true } })).body as {
    id: string;
    share_token: string;
  };
  for (const id of stanced) await call(personal, 'PUT', `/api/collections/${collection.id}/bills/${id}`, { token });
  await call(personal, 'PUT', `/api/notes/${stanced[0]}`, { token, body: { content: 'bench', pinned: true } });

  const memberName = members[7]?.name ?? 'Smith, James';
  const [last = '', first = ''] = memberName.split(', ');
  const routes: [string, string, string, Parameters<typeof call>[3]][] = [
    ['search: bill number', 'GET', '/api/search', { query: { q: `H.R. ${benchBill(0).number}` } }],
    ['search: title words', 'GET', '/api/search', { query: { q: 'rural broadband' } }],
    ['search: member First Last', 'GET', '/api/search', { query: { q: `${first} ${last}` } }],
    ['dashboard (guest)', 'GET', '/api/dashboard', {}],
    ['dashboard (user)', 'GET', '/api/dashboard', { token }],
    ['alignment', 'GET', '/api/alignment', { token }],
    ['topics', 'GET', '/api/topics', {}],
    ['list follows', 'GET', '/api/follows', { token }],
    ['follow a bill (again)', 'POST', '/api/follows', { token, body: { target_type: 'bill', target_id: stanced[0] } }],
    ['set follow mode', 'PATCH', `/api/follows/bill:${stanced[0]}/mode`, { token, body: { follow_mode: 'hold_boost' } }],
    ['list notes', 'GET', '/api/notes', { token }],
    ['put note', 'PUT', `/api/notes/${stanced[1]}`, { token, body: { content: 'x', pinned: false } }],
    ['list collections', 'GET', '/api/collections', { token }],
    ['read collection', 'GET', `/api/collections/${collection.id}`, { token }],
    ['add bill to collection (again)', 'PUT', `/api/collections/${collection.id}/bills/${stanced[0]}`, { token }],
    ['shared collection', 'GET', `/api/share/collection/${collection.share_token}`, {}],
  ];

  const counts = async () => {
    const out = new Map<string, number>();
    for (const [label, method, path, options] of routes) {
      const before = requestsSoFar();
      const res = await call(personal, method, path, options);
      if (res.status >= 400) throw new Error(`${label}: ${res.status} ${res.text}`);
      out.set(label, requestsSoFar() - before);
    }
    return out;
  };

  const small = await counts();
  t = performance.now();
  await writeBills(SMALL, LARGE);
  console.log(`grew to ${LARGE} bills in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const large = await counts();

  console.log(`\nDynamoDB requests per call (auth GetItem included for signed-in routes)`);
  console.log(`${'route'.padEnd(34)}${`${SMALL} bills`.padStart(12)}${`${LARGE} bills`.padStart(13)}  grows?`);
  for (const [label] of routes) {
    const a = small.get(label) ?? 0;
    const b = large.get(label) ?? 0;
    console.log(`${label.padEnd(34)}${String(a).padStart(12)}${String(b).padStart(13)}  ${b > a ? 'YES' : 'no'}`);
  }

  console.log(`\nsearch latency in the handler over ${LARGE} bills and ${MEMBERS} members (${SEARCH_RUNS} calls each)`);
  const queries: [string, (i: number) => string][] = [
    ['bill number ("HR123" forms)', (i) => [`H.R. ${i + 1}`, `HR${i + 1}`, `hr ${i + 1}`][i % 3] ?? 'hr 1'],
    ['title words', (i) => ['rural broadband', 'veterans housing', 'drug pricing', 'climate', 'student loan'][i % 5] ?? 'water'],
    [
      'member name (both forms)',
      (i) => {
        const m = members[i % members.length]?.name ?? 'Smith, James';
        const [l = '', f = ''] = m.split(', ');
        return i % 2 ? m : `${f} ${l}`;
      },
    ],
    ['mixed / no match', (i) => ['zzzz qqqq', 'health', 'policy area', 'S. 12'][i % 4] ?? 'x'],
  ];
  const percentiles = async (label: string, run: (i: number) => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < SEARCH_RUNS; i++) {
      const started = performance.now();
      await run(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))] ?? 0;
    const verdict = p(0.95) < TARGET_P95_MS ? 'met' : 'MISSED';
    console.log(
      `${label.padEnd(34)} p50 ${p(0.5).toFixed(1).padStart(6)} ms   p95 ${p(0.95).toFixed(1).padStart(6)} ms   p95 < ${TARGET_P95_MS} ms: ${verdict}`,
    );
  };
  for (const [label, q] of queries) {
    await percentiles(label, async (i) => {
      const res = await call(personal, 'GET', '/api/search', { query: { q: q(i) } });
      if (res.status !== 200) throw new Error(`search ${q(i)}: ${res.status}`);
    });
  }
  // The dashboard: requests with and without trend scores, and its p95 against a bill detail's, in the same run.
  const benchUser = await getUserByEmail('bench-user@example.org');
  if (!benchUser) throw new Error('the bench user is missing');
  const dashboardRequests = async () => {
    const before = requestsSoFar();
    await dashboardFor(null);
    const guest = requestsSoFar() - before;
    await dashboardFor(benchUser);
    return { guest, user: requestsSoFar() - before - guest };
  };
  const withoutScores = await dashboardRequests();
  const today = new Date().toISOString().slice(0, 10);
  await putTrendScores(
    'bill',
    today,
    Array.from({ length: 100 }, (_, i) => ({ id: benchBill(i * 7).id, scored: { score: 100 - i * 0.5, signals: {}, missing_signals: [] } })),
    new Date(),
  );
  const withScores = await dashboardRequests();
  console.log('\ndashboard: DynamoDB requests of the use case (a signed-in call adds the GetItem of its caller, sent beside the first reads)');
  for (const [label, n] of [
    ['guest, no trend scores', withoutScores.guest],
    ['user, no trend scores', withoutScores.user],
    ['guest, trend scores', withScores.guest],
    ['user, trend scores', withScores.user],
  ] as const) {
    console.log(`${label.padEnd(34)}${String(n).padStart(4)}   <= ${DASHBOARD_MAX_REQUESTS}: ${n <= DASHBOARD_MAX_REQUESTS ? 'met' : 'MISSED'}`);
  }
  const p95 = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < SEARCH_RUNS; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(0.95 * times.length)] ?? 0;
  };
  const detail = await p95(() => call(bills, 'GET', `/api/bills/${stanced[0]}`, { token }));
  const dashboardUser = await p95(() => call(personal, 'GET', '/api/dashboard', { token }));
  const dashboardGuest = await p95(() => call(personal, 'GET', '/api/dashboard', {}));
  console.log(`\ndashboard p95 against a bill detail's, in the handler (${SEARCH_RUNS} calls each)`);
  console.log(`${'bill detail'.padEnd(34)} p95 ${detail.toFixed(1).padStart(6)} ms`);
  for (const [label, ms] of [
    ['dashboard (user)', dashboardUser],
    ['dashboard (guest)', dashboardGuest],
  ] as const) {
    const ratio = ms / detail;
    console.log(
      `${label.padEnd(34)} p95 ${ms.toFixed(1).padStart(6)} ms   ${ratio.toFixed(2)}x   <= ${DASHBOARD_P95_RATIO}x: ${ratio <= DASHBOARD_P95_RATIO ? 'met' : 'MISSED'}`,
    );
  }

  // The same three calls taken in turn, call by call: a burst of other work on the machine then slows all three alike,
  // where the blocks above (each route's calls one after another) can put it on one route only.
  const turns: number[][] = [[], [], []];
  const inTurn = [
    () => call(bills, 'GET', `/api/bills/${stanced[0]}`, { token }),
    () => call(personal, 'GET', '/api/dashboard', { token }),
    () => call(personal, 'GET', '/api/dashboard', {}),
  ];
  for (let i = 0; i < SEARCH_RUNS; i++) {
    for (const [k, run] of inTurn.entries()) {
      const started = performance.now();
      await run();
      turns[k]?.push(performance.now() - started);
    }
  }
  const at = (times: number[] = [], f: number) => [...times].sort((a, b) => a - b)[Math.floor(f * times.length)] ?? 0;
  const [detailTurn = [], userTurn = [], guestTurn = []] = turns;
  console.log(`\nthe same, the three calls taken in turn (${SEARCH_RUNS} rounds)`);
  const line = (label: string, times: number[], ratios: boolean) =>
    `${label.padEnd(34)} p50 ${at(times, 0.5).toFixed(1).padStart(6)} ms${ratios ? ` ${(at(times, 0.5) / (at(detailTurn, 0.5) || 1)).toFixed(2)}x` : '      '}` +
    `   p95 ${at(times, 0.95).toFixed(1).padStart(6)} ms${ratios ? ` ${(at(times, 0.95) / (at(detailTurn, 0.95) || 1)).toFixed(2)}x` : ''}`;
  console.log(line('bill detail', detailTurn, false));
  console.log(line('dashboard (user)', userTurn, true));
  console.log(line('dashboard (guest)', guestTurn, true));

  // Where the signed-in dashboard's time goes: each request (wall time and JSON size of its answer) and the rest, in the use case.
  const profile = await profileDashboard(() => dashboardFor(benchUser));
  console.log(`\ndashboard (user) in the use case, where the time goes (${SEARCH_RUNS} calls)`);
  for (const row of profile) console.log(row);

  // Where the time goes: the ingestion search reads the handler awaits, timed alone.
  console.log('\nsearch reads alone (ingestion repositories), same queries');
  const { billsByNumber } = await import('#shared/adapters/db/bills-by-number.repository.ts');
  const { listTopicsWithCounts } = await import('#shared/adapters/db/search-index.repository.ts');
  const { searchMembers } = await import('#shared/adapters/db/members.repository.ts');
  const [, numberQ] = queries[0] ?? [];
  const [, nameQ] = queries[2] ?? [];
  if (numberQ && nameQ) {
    await percentiles('billsByNumber (number forms)', (i) => billsByNumber(numberQ(i), 10));
    await percentiles('searchMembers (name)', (i) => searchMembers(nameQ(i), 10));
    await percentiles('listTopicsWithCounts', () => listTopicsWithCounts());
  }
} finally {
  await stack.stop();
}

/**
 * Times each DynamoDB request of `run` (an SDK middleware, wall time from the
 * call to its parsed answer, and the answer's JSON size) over SEARCH_RUNS runs;
 * what is left of a run besides its critical path of requests (the feed and
 * the follows go at once, then the BatchGet) is the CPU of assembling the answer.
 */
async function profileDashboard(run: () => Promise<unknown>): Promise<string[]> {
  const { dynamo } = await import('#shared/platform/aws-clients.ts');
  let current: { command: string; ms: number; bytes: number }[] | null = null;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      const out = await next(args);
      current?.push({ command: context.commandName ?? '?', ms: performance.now() - started, bytes: JSON.stringify(out.output).length });
      return out;
    },
    { step: 'initialize', name: 'benchDashboardProfile' },
  );
  const runs: { total: number; requests: { command: string; ms: number; bytes: number }[]; answer: number }[] = [];
  for (let i = 0; i < SEARCH_RUNS; i++) {
    current = [];
    const started = performance.now();
    const answer = await run();
    runs.push({ total: performance.now() - started, requests: current, answer: JSON.stringify(answer).length });
  }
  current = null;
  const pct = (values: number[], f: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(f * values.length))] ?? 0;
  const row = (label: string, values: number[], bytes?: number[]) =>
    `${label.padEnd(34)} p50 ${pct(values, 0.5).toFixed(1).padStart(6)} ms   p95 ${pct(values, 0.95).toFixed(1).padStart(6)} ms${
      bytes ? `   ${(bytes.reduce((a, b) => a + b, 0) / bytes.length / 1024).toFixed(1).padStart(6)} KB` : ''
    }`;
  const commands = [...new Set(runs.flatMap((r) => r.requests.map((q) => q.command)))];
  const byCommand = (c: string) => runs.flatMap((r) => r.requests.filter((q) => q.command === c));
  const critical = (r: (typeof runs)[number]) => {
    // Command names as the SDK's inner client sees them (GetItemCommand, QueryCommand, BatchGetItemCommand).
    const ms = (prefix: string) => r.requests.filter((q) => q.command.startsWith(prefix)).reduce((a, q) => a + q.ms, 0);
    return Math.max(ms('GetItem'), ms('Query')) + ms('BatchGet');
  };
  return [
    row(
      'whole use case',
      runs.map((r) => r.total),
      runs.map((r) => r.answer),
    ),
    ...commands.map((c) =>
      row(
        `  ${c}`,
        byCommand(c).map((q) => q.ms),
        byCommand(c).map((q) => q.bytes),
      ),
    ),
    row(
      '  the rest (assembling the answer)',
      runs.map((r) => Math.max(0, r.total - critical(r))),
    ),
  ];
}

async function signUp(email: string): Promise<string> {
  const password = 'bench password 1';
  await call(auth, 'POST', '/api/auth/register', { body: { email, password }, sourceIp: '198.51.100.200' });
  const login = await call(auth, 'POST', '/api/auth/login', { body: { email, password }, sourceIp: '198.51.100.201' });
  return (login.body as { access_token: string }).access_token;
}
