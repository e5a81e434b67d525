/**
 * The small HTML pages of the unsubscribe flow, in the app's look (its
 * header, main column, buttons and footer, with the app's own stylesheet)
 * and with no script, every dynamic value escaped. Every GET shows the
 * confirmation page and changes nothing (link scanners and prefetchers
 * open links); its button POSTs the one-click unsubscribe (RFC 8058), and
 * the page after it offers a re-subscribe button (a POST too).
 */
import { escapeXml as escapeHtml } from './escape-xml.ts';

interface PageForm {
  action: string;
  field: string;
  value: string;
  label: string;
  /** A secondary (outline) button: undoing rather than doing. */
  secondary?: boolean;
}

/** What a page needs of the app: the stylesheets its shell links (none when the app is not built: the page stays plain). */
export interface PageLook {
  stylesheets: readonly string[];
}

const PLAIN: PageLook = { stylesheets: [] };

function page(title: string, message: string, look: PageLook, form?: PageForm): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="${escapeHtml(form.field)}" value="${escapeHtml(form.value)}"><button type="submit" class="usa-button${form.secondary ? ' usa-button--outline' : ''}">${escapeHtml(form.label)}</button></form>`
    : '';
  const styles = look.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} - BillWatch</title>${styles}</head><body>`,
    '<header class="usa-header usa-header--basic"><div class="usa-nav-container"><div class="usa-navbar"><div class="usa-logo"><em class="usa-logo__text"><a href="/" title="BillWatch home">BillWatch</a></em></div></div></div></header>',
    `<main id="main-content" class="bw-main grid-container"><h1>${escapeHtml(title)}</h1><p class="usa-intro">${escapeHtml(message)}</p>${button}</main>`,
    '<footer class="usa-footer usa-footer--slim"><div class="usa-footer__primary-section"><div class="grid-container padding-2"><p class="margin-0">BillWatch is an independent, open-source tracker of US federal legislation, not a government site. <a href="/notifications/settings">Notification settings</a></p></div></div></footer>',
    '</body></html>',
  ].join('');
}

/** Every GET of an unsubscribe URL (the List-Unsubscribe header URL and the email body link): nothing changed yet; the button unsubscribes. */
export const confirmUnsubscribePage = (email: string, action: string, look: PageLook = PLAIN) =>
  page('Unsubscribe from BillWatch emails?', `Press the button to stop BillWatch emails to ${email}. Nothing changes until you do.`, look, {
    action,
    field: 'List-Unsubscribe',
    value: 'One-Click',
    label: 'Unsubscribe',
  });

/** After unsubscribing: offers to undo it. */
export const unsubscribedPage = (email: string, action: string, look: PageLook = PLAIN) =>
  page('You are unsubscribed', `BillWatch will no longer email ${email}.`, look, {
    action,
    field: 'action',
    value: 'resubscribe',
    label: 'Re-subscribe',
    secondary: true,
  });

/** A failure met by a person following a link (an expired or unknown token): a page, never raw JSON. */
export const problemPage = (status: number, detail: string, look: PageLook = PLAIN) =>
  page(
    status === 404 ? 'This link no longer works' : 'Something went wrong',
    `${detail}${status === 404 ? '. It may have been replaced by a newer email; use the link in the latest one.' : ''}`,
    look,
  );

/** After re-subscribing. */
export const resubscribedPage = (email: string, look: PageLook = PLAIN) => page('You are subscribed again', `BillWatch will email ${email} again.`, look);
