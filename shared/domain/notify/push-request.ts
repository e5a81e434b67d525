/**
 * Builds the HTTP request of an ntfy-compatible push publish. The header form
 * (POST {server}/{topic}, message as the body, Title/Priority/Tags/Click/
 * Actions headers) is used while everything fits in ASCII headers; otherwise
 * the JSON form (POST {server}/ with {topic, title, message, …}) carries it,
 * since HTTP header values are ASCII (ntfy's documented rule). A message
 * sent for an event carries its sequence id (X-Sequence-ID, or sequence_id in
 * JSON): ntfy 2.16 and later show a repeat of it in place of the first, so a
 * resend after a crash is not a second notification.
 */
import { PRIORITY_NUMBER } from './event-kinds.ts';
import type { PushAuth } from './channels/push.ts';
import type { PushAction, RenderedMessage } from './render.ts';

export interface PushTarget {
  push_url: string;
  push_auth: PushAuth;
  push_token: string | null;
  push_username: string | null;
  /** Already opened (decrypted). */
  push_password: string | null;
}

export interface PushRequest {
  url: string;
  form: 'headers' | 'json';
  headers: Record<string, string>;
  body: string;
}

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);
const isAsciiText = (s: string) => /^[\t\n\r\x20-\x7e]*$/.test(s);

/** The Authorization header for the target's auth mode, or none. */
export function authorizationHeader(target: PushTarget): Record<string, string> {
  if (target.push_auth === 'token' && target.push_token) return { Authorization: `Bearer ${target.push_token}` };
  if (target.push_auth === 'basic' && target.push_username) {
    const pair = Buffer.from(`${target.push_username}:${target.push_password ?? ''}`, 'utf8').toString('base64');
    return { Authorization: `Basic ${pair}` };
  }
  return {};
}

/** ntfy's Actions header: "view, Label, URL" entries separated by ";". */
export const actionsHeader = (actions: PushAction[]) => actions.map((a) => `${a.action}, ${a.label}, ${a.url}`).join('; ');

/** Splits "https://host/base/topic" into the server root and the topic. */
export function splitPushUrl(pushUrl: string): { root: string; topic: string } {
  const url = new URL(pushUrl);
  const segments = url.pathname.replace(/\/+$/, '').split('/');
  const topic = decodeURIComponent(segments.pop() ?? '');
  url.pathname = `${segments.join('/')}/`;
  url.search = '';
  url.hash = '';
  return { root: url.toString(), topic };
}

/** The request that publishes `message` to `target`, under `sequenceId` when it has one (a test push has none). */
export function buildPushRequest(message: RenderedMessage, target: PushTarget, sequenceId?: string): PushRequest {
  const auth = authorizationHeader(target);
  const headerValues = [message.title, message.click, message.tags.join(','), actionsHeader(message.actions)];
  if (headerValues.every(isAscii) && isAsciiText(message.body)) {
    return {
      url: target.push_url,
      form: 'headers',
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        Title: message.title,
        Priority: message.priority,
        Tags: message.tags.join(','),
        Click: message.click,
        ...(message.actions.length ? { Actions: actionsHeader(message.actions) } : {}),
        ...(sequenceId ? { 'X-Sequence-ID': sequenceId } : {}),
        ...auth,
      },
      body: message.body,
    };
  }
  const { root, topic } = splitPushUrl(target.push_url);
  return {
    url: root,
    form: 'json',
    headers: { 'Content-Type': 'application/json', ...auth },
    body: JSON.stringify({
      topic,
      title: message.title,
      message: message.body,
      tags: [...message.tags],
      priority: PRIORITY_NUMBER[message.priority],
      click: message.click,
      ...(message.actions.length ? { actions: message.actions } : {}),
      ...(sequenceId ? { sequence_id: sequenceId } : {}),
    }),
  };
}
