/**
 * The small HTML pages of the unsubscribe flow, every dynamic value escaped.
 * The body link's page confirms the unsubscribe and offers a re-subscribe
 * button (a POST), so a link scanner's visit can be undone; the header URL's
 * page (a GET that changes nothing) offers the unsubscribe button.
 */
import { escapeXml as escapeHtml } from './escape-xml.ts';

function page(title: string, message: string, form?: { action: string; field: string; value: string; label: string }): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="${escapeHtml(form.field)}" value="${escapeHtml(form.value)}"><button type="submit">${escapeHtml(form.label)}</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${button}</main></body></html>`;
}

/** After unsubscribing: offers to undo it. */
export const unsubscribedPage = (email: string, action: string) =>
  page('You are unsubscribed', `BillWatch will no longer email ${email}.`, { action, field: 'action', value: 'resubscribe', label: 'Re-subscribe' });

/** The header URL opened in a browser: nothing changed yet; offers the one-click unsubscribe. */
export const confirmUnsubscribePage = (email: string, action: string) =>
  page('Unsubscribe from BillWatch emails?', `Press the button to stop emails to ${email}.`, {
    action,
    field: 'List-Unsubscribe',
    value: 'One-Click',
    label: 'Unsubscribe',
  });

/** A failure met by a person following a link (an expired or unknown token): a page, never raw JSON. */
export const problemPage = (status: number, detail: string) =>
  page(
    status === 404 ? 'This link no longer works' : 'Something went wrong',
    `${detail}${status === 404 ? '. It may have been replaced by a newer email; use the link in the latest one.' : ''}`,
  );

/** After re-subscribing. */
export const resubscribedPage = (email: string) => page('You are subscribed again', `BillWatch will email ${email} again.`);
