/**
 * Email composition. Every message carries List-Unsubscribe with an HTTPS
 * URL and a mailto (RFC 2369) plus List-Unsubscribe-Post: List-Unsubscribe=
 * One-Click (RFC 8058), and an unsubscribe link in the plain-text body: the
 * same URL, whose GET shows a confirmation page and changes nothing (link
 * scanners open links); its button POSTs the unsubscribe.
 * A test email to an address that is not the saved one carries no URL of
 * the caller's (that address is subscribed to nothing, and the caller's
 * unsubscribe link must not reach whoever owns it): its List-Unsubscribe is
 * the mailto alone (RFC 2369; one-click, RFC 8058, needs an HTTPS URL), so
 * like every message it still offers a way out.
 */
import type { RenderedMessage } from './render.ts';

export interface EmailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  /** The Message-ID a resend repeats; none: the transport makes one. */
  messageId?: string;
  /** The message identity it carries (shared/use-cases/notify/message-identity.ts): the local part of its Message-ID, and SES's message tag. */
  identity?: string;
}

export interface UnsubscribeUrls {
  /** The List-Unsubscribe URL: a GET shows the confirmation page, a POST (one-click) unsubscribes. */
  header: string;
  /** The plain-text body link: the same page. */
  link: string;
}

/** The unsubscribe URLs of a user's token. */
export function unsubscribeUrls(publicUrl: string, token: string): UnsubscribeUrls {
  const header = `${publicUrl}/api/notifications/unsubscribe/${encodeURIComponent(token)}`;
  return { header, link: header };
}

/** The bare address of "Name <addr>" or "addr". */
export function addressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** The headers RFC 2369 and RFC 8058 ask for; without URLs, RFC 2369's mailto alone. */
export function listUnsubscribeHeaders(urls: UnsubscribeUrls | null, mailto: string): Record<string, string> {
  if (!urls) return { 'List-Unsubscribe': `<mailto:${mailto}?subject=unsubscribe>` };
  return {
    'List-Unsubscribe': `<${urls.header}>, <mailto:${mailto}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** An email for a rendered message, with its unsubscribe headers and body link. */
export function composeEmail(args: {
  message: RenderedMessage;
  to: string;
  from: string;
  mailto: string;
  /** The recipient's unsubscribe URLs; none for a test to an address that is not the saved one. */
  urls: UnsubscribeUrls | null;
  /** The message's identity and the sender's domain, which make its Message-ID. */
  identity?: { id: string; domain: string };
}): EmailMessage {
  const { message, urls } = args;
  const text = [
    message.body,
    '',
    `Open: ${message.click}`,
    ...message.actions.map((a) => `${a.label}: ${a.url}`),
    '',
    '--',
    ...(urls
      ? ['You receive this because you follow these bills on BillWatch.', `Unsubscribe from these emails: ${urls.link}`]
      : [
          'You receive this test because a BillWatch user entered this address; nothing more is sent to it unless they save it.',
          `To ask us to send nothing more, write to ${args.mailto} with the subject "unsubscribe".`,
        ]),
    '',
  ].join('\n');
  return {
    from: args.from,
    to: args.to,
    subject: message.title,
    text,
    headers: listUnsubscribeHeaders(urls, args.mailto),
    ...(args.identity ? { messageId: `<${args.identity.id}@${args.identity.domain}>`, identity: args.identity.id } : {}),
  };
}
