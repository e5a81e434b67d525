/**
 * `npm run demo:replay`: asks the running offline local stack (`npm start` in
 * another terminal) to play the demo forward, signed in as an admin, and
 * prints each step. Credentials come from BILLWATCH_EMAIL and
 * BILLWATCH_PASSWORD (or --email / --password); the stack's address from
 * --url, else PUBLIC_URL, else http://localhost:$PORT (3000). --steps N plays
 * only N steps; --step-ms N changes the pause between them.
 */
import { parseArgs } from 'node:util';
import { DemoReplayResult } from '#shared/domain/demo/demo-replay.schema.ts';

const usage =
  'usage: BILLWATCH_EMAIL=you@example.org BILLWATCH_PASSWORD=… npm run demo:replay [-- --url http://localhost:3000 --steps N --step-ms N]\n' +
  '       (the first account registered on the local stack is its admin)';

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Runs the command; returns the exit code. */
export async function main(args: string[], env: NodeJS.ProcessEnv, out = console.log, err = console.error): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, steps: { type: 'string' }, 'step-ms': { type: 'string' } },
  });
  const email = values.email ?? env.BILLWATCH_EMAIL;
  const password = values.password ?? env.BILLWATCH_PASSWORD;
  if (!email || !password) return (err(usage), 2);
  const base = (values.url ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
  let login;
  try {
    login = await post(`${base}/api/auth/login`, { email, password });
  } catch (e) {
    return (err(`cannot reach the local stack at ${base} (is npm start running?): ${(e as Error).message}`), 1);
  }
  const token = login.body.access_token;
  if (login.status !== 200 || typeof token !== 'string') return (err(`sign-in failed (${login.status}): ${String(login.body.detail ?? '')}`), 1);
  const request = {
    ...(values.steps ? { steps: Number(values.steps) } : {}),
    ...(values['step-ms'] ? { step_ms: Number(values['step-ms']) } : {}),
  };
  out(`replaying the demo on ${base} …`);
  const res = await post(`${base}/api/admin/demo/replay`, request, token);
  if (res.status !== 200) return (err(`the replay answered ${res.status}: ${String(res.body.detail ?? JSON.stringify(res.body))}`), 1);
  const result = DemoReplayResult().parse(res.body);
  for (const s of result.played) out(`  ${s.released_at}  ${s.bill_id.padEnd(12)} ${s.actions} real action(s) of ${s.action_date}`);
  out(
    `played ${result.played.length} steps; ${result.remaining_steps} left. Followers of ${result.bills.join(', ')} are notified (history, RSS, .local/mail/, push, webhooks).`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2), process.env);
