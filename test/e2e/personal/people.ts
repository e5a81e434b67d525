/**
 * Helpers shared by the people's-features e2e files: accounts over HTTP
 * (each registration from its own client IP, since register is limited per
 * IP) and the reply shapes the tests read.
 */
import { randomBytes } from 'node:crypto';
import type { HttpClient } from '../support/http-client.ts';

// Set before a file's stack starts, so X-Forwarded-For picks each registration's IP.
process.env.TRUST_PROXY = '1';

let ip = 0;
const password = 'correct horse battery';

/** Registers and logs in a fresh user; returns their bearer token. */
export async function signUp(api: HttpClient, label: string): Promise<string> {
  const email = `${label}-${randomBytes(3).toString('hex')}@example.org`;
  const headers = { 'x-forwarded-for': `203.0.113.${++ip}` };
  const reg = await api.request('POST', '/api/auth/register', { body: { email, password }, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const login = await api.request('POST', '/api/auth/login', { body: { email, password }, headers });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return login.body.access_token;
}

export interface ErrorReply {
  detail: string;
  code: string;
  errors?: { path: string; message: string }[];
}

export interface FollowReply {
  id: string;
  target_type: string;
  target_id: string;
  follow_mode: string | null;
  mode_set_at: string | null;
}

export interface CollectionReply {
  id: string;
  name: string;
  slug: string;
  share_token: string;
  is_public: boolean;
  bill_count: number;
  user_id?: string;
  bills?: { items: { id: string; added_at: string }[]; next_cursor: string | null };
}
