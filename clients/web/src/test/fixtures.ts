// Data for component tests, shaped by the API's own types so a contract change breaks the tests at compile time.
import type { Schemas } from '../../../typescript/index.ts';
import type { FakeCall } from './render.tsx';

/** The text of H.R. 1's version ih; the brief's citations are where the API located them in it (a line break inside one). */
export const billText =
  'SEC. 2. There is appropriated the sum of $5,000,000,000 for grants.\n\nSEC. 3. The Secretary shall submit\na report annually to Congress.';
const located = (section: string, passage: string) => {
  const start = billText.indexOf(passage);
  return { section, quote: passage.replace(/\s+/g, ' '), start, end: start + passage.length };
};

export const brief: Schemas['Brief'] = {
  bill_id: '119-hr-1',
  version: 1,
  type: 'full',
  text_version_code: 'ih',
  previous_text_version_code: null,
  summary: 'Sets aside money for rural broadband.',
  points: [
    { id: 'p1', text: 'Funds broadband grants of $5 billion.', label: 'cited_fact', citation: located('Sec. 2', 'the sum of $5,000,000,000') },
    { id: 'p2', text: 'Requires yearly reports to Congress.', label: 'cited_fact', citation: located('Sec. 3', 'shall submit\na report annually') },
    { id: 'p3', text: 'Likely to speed up rural connections.', label: 'inference', citation: null },
  ],
  topic_tags: ['broadband'],
  uncited: false,
  withheld_points: 0,
  share_token: '2b1f7a3c-0000-4000-8000-000000000001',
  provider: 'extractive',
  model: 'extractive',
  prompt_version: 'v1',
  method: 'extractive',
  input_tokens: 0,
  output_tokens: 0,
  cost_usd: 0,
  created_at: '2025-02-01T12:00:00Z',
  event_sent_at: null,
  requests: 0,
};

export const bill: Schemas['Bill'] = {
  id: '119-hr-1',
  congress: 119,
  type: 'hr',
  number: 1,
  label: 'H.R. 1',
  title: 'To expand rural broadband, and for other purposes.',
  short_title: 'Rural Broadband Act',
  chamber: 'house',
  introduced_date: '2025-01-03',
  sponsor_id: 'P000197',
  sponsor: { id: 'P000197', name: 'Pelosi, Nancy', party: 'D', state: 'CA', district: 11 },
  bill_category: 'substantive',
  policy_area: 'Science, Technology, Communications',
  latest_action_date: '2025-01-03',
  latest_action_text: 'Referred to the Committee on Energy and Commerce.',
  latest_action_category: 'referral',
  congress_gov_url: null,
  has_document: true,
  document_status: 'brief',
  topic_tags: ['broadband'],
  update_date: null,
  status: 'REFERRED',
  data_as_of: '2025-02-01T12:00:00Z',
  is_following: false,
  updated_at: '2025-02-01T12:00:00Z',
  status_timeline: [{ status: 'INTRODUCED', date: '2025-01-03', action_text: 'Introduced in House' }],
  crs_summaries: [],
  subjects: [],
  laws: [],
  committee_reports: [],
  related_bills: [],
  reintroduction_of: null,
  reintroduced_as: [],
  latest_brief: brief,
  text_versions: [
    { version_code: 'ih', label: 'Introduced in House', published_date: '2025-01-04', format: 'uslm', size: 100, fetched_at: '2025-01-05T00:00:00Z' },
  ],
  counts: {},
};

export const user: Schemas['User'] = { id: 'u1', email: 'ada@example.org', is_admin: false, created_at: '2025-01-01T00:00:00Z' };

/** Answers every read the bill page makes besides the bill itself with an empty list. */
export function billPageReads(call: FakeCall): { body: unknown } | undefined {
  if (call.method !== 'GET') return undefined;
  if (call.path === `/api/bills/${bill.id}`) return { body: bill };
  if (call.path === `/api/bills/${bill.id}/votes`)
    return {
      body: {
        items: [],
        next_cursor: null,
        vote_fetch_queued: false,
        vote_fetch: { state: 'checked', requested_at: null, checked_at: '2026-01-01T00:00:00Z' },
        missing_votes: [],
      },
    };
  if (call.path === `/api/bills/${bill.id}/trend`) return { body: { bill_id: bill.id, items: [] } };
  if (call.path === `/api/bills/${bill.id}/text`)
    return {
      body: {
        ...bill.text_versions[0],
        bill_id: bill.id,
        text: billText,
        previous_version_code: null,
        diff: null,
      },
    };
  if (call.path === `/api/bills/${bill.id}/forecast`) return { body: { bill_id: bill.id, forecast: null, not_forecast: 'It has not been scored yet.' } };
  if (call.path.startsWith(`/api/bills/${bill.id}/`)) return { body: { items: [], next_cursor: null } };
  if (call.path === '/api/auth/me') return { body: user };
  if (call.path === '/api/notes') return { body: { items: [], next_cursor: null } };
  return undefined;
}

/** Notification settings as saved by a new account: every channel off, no quiet hours, no filters. */
export const notificationSettings: Schemas['NotificationSettings'] = {
  push_enabled: false,
  push_url: null,
  push_auth: 'none',
  push_token_set: false,
  push_username: null,
  email_enabled: false,
  email_address: null,
  webhook_enabled: false,
  webhook_url: null,
  webhook_previous_secret_expires_at: null,
  digest_mode: 'off',
  rss_enabled: false,
  quiet_hours_start: null,
  quiet_hours_end: null,
  timezone: null,
  alert_filters: null,
  follow_reintroductions: false,
  push_password_set: false,
  webhook_secret_set: false,
  rss_feed_url: 'http://localhost/api/notifications/feed/abc',
  calendar_url: 'http://localhost/api/calendar/cal-abc.ics',
  telegram: { status: 'coming_soon' },
  discord: { status: 'coming_soon' },
};

/** A fake follows store: GET lists it, POST adds or updates, DELETE removes. */
export function followsApi(initial: Schemas['Follow'][] = []) {
  let follows = [...initial];
  return (call: FakeCall) => {
    if (call.path === '/api/follows' && call.method === 'GET') {
      // As the API filters: by target type, and by one target (its follow alone).
      const q = new URLSearchParams(call.search);
      const type = q.get('target_type');
      const target = q.get('target_id');
      const items = follows.filter((f) => (!type || f.target_type === type) && (!target || f.target_id === target));
      return { body: { items, next_cursor: null } };
    }
    if (call.path === '/api/follows' && call.method === 'POST') {
      const b = call.body as { target_type: Schemas['Follow']['target_type']; target_id: string; follow_mode?: Schemas['Follow']['follow_mode'] };
      const f: Schemas['Follow'] = {
        id: `${b.target_type}:${b.target_id}`,
        user_id: 'u1',
        target_type: b.target_type,
        target_id: b.target_id,
        follow_mode: b.target_type === 'bill' ? (b.follow_mode ?? 'neutral') : null,
        mode_set_at: null,
        created_at: '2025-02-02T00:00:00Z',
      };
      follows = [...follows.filter((x) => x.id !== f.id), f];
      return { status: 201, body: f };
    }
    if (call.path.startsWith('/api/follows/') && call.method === 'DELETE') {
      follows = follows.filter((x) => x.id !== decodeURIComponent(call.path.slice('/api/follows/'.length)));
      return { status: 204 };
    }
    return billPageReads(call);
  };
}
