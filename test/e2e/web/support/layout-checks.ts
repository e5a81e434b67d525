/**
 * Layout checks a journey runs on a page as it is: elements that reach past the screen's right edge (outside a
 * scrolling region of their own; the app hides horizontal overflow, so the page's scrollWidth cannot tell), and
 * interactive controls smaller than WCAG 2.5.8's 24 by 24 px target that another control crowds (the criterion's
 * spacing exception; a link inside a sentence is exempt too; a native input drawn under a USWDS label is measured by
 * that label), and stops of the Tab key whose focus ring is the browser's thin default or none (WCAG 2.4.7; the app
 * draws a 4 px ring). The checks run in the page as source text: the service's TypeScript has no DOM types.
 */
import type { Page } from 'playwright-core';

const PAST_THE_SCREEN = `(() => {
  const vw = document.documentElement.clientWidth;
  return [...document.querySelectorAll('main *')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.right <= vw + 0.5) return false;
      // Inside a region that scrolls by itself (a wide admin table) or visually hidden text: not past the screen.
      const scroller = e.parentElement && e.parentElement.closest('.usa-table-container--scrollable, .bw-table-wrap');
      return !scroller && !e.closest('.usa-sr-only') && getComputedStyle(e).position !== 'absolute';
    })
    .slice(0, 5)
    .map((e) => e.tagName.toLowerCase() + '.' + String(e.className) + ' right=' + Math.round(e.getBoundingClientRect().right));
})()`;

const SMALL_TARGETS = `(() => {
  const vw = document.documentElement.clientWidth;
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary')]
    .map((e) => {
      // USWDS hides a checkbox's or radio's native input and draws the control in its label.
      const target = e.matches('.usa-checkbox__input, .usa-radio__input') ? document.querySelector('label[for="' + e.id + '"]') : e;
      return { e, r: target ? target.getBoundingClientRect() : null };
    })
    .filter(({ e, r }) => r && r.width > 0 && r.height > 0 && r.right > 0 && r.left < vw && !e.closest('.usa-sr-only, [hidden]'))
    // A link with words of a sentence beside it.
    .filter(({ e }) => !(e.tagName === 'A' && [...e.parentElement.childNodes].some((n) => n !== e && n.nodeType === 3 && n.textContent.trim() !== '')));
  return all
    .filter(({ r }) => {
      if (r.width >= 23.5 && r.height >= 23.5) return false;
      // WCAG's spacing exception: an undersized target passes when a 24 px box centred on it meets no other target.
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      return all.some(({ r: o }) => o !== r && o.left < cx + 12 && o.right > cx - 12 && o.top < cy + 12 && o.bottom > cy - 12);
    })
    .map(({ e, r }) => e.tagName.toLowerCase() + ' "' + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40) + '" ' + Math.round(r.width) + 'x' + Math.round(r.height));
})()`;

/** Elements of the main region wider than the screen, as `tag.class right=px` (empty when none). */
export const pastTheScreen = (page: Page): Promise<string[]> => page.evaluate(PAST_THE_SCREEN);

/** Visible controls under 24 px in either direction with another control within their 24 px box, as `tag "name" WxH`. */
export const smallTargets = (page: Page): Promise<string[]> => page.evaluate(SMALL_TARGETS);

/**
 * The Tab key's stop: whether focus came back to the first stop of this walk (the page's stops are all seen), and the
 * focused element as `tag "name"` when its ring is under 2 px or missing (a heading focused on navigation is exempt).
 */
const TAB_STOP = `(() => {
  const e = document.activeElement;
  if (!e || e === document.body) return { wrapped: false, weak: null };
  if (e === window.__firstTabStop) return { wrapped: true, weak: null };
  window.__firstTabStop = window.__firstTabStop || e;
  if (e.getAttribute('tabindex') === '-1') return { wrapped: false, weak: null };
  const s = getComputedStyle(e);
  const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  const weak = ring || s.boxShadow !== 'none' ? null : e.tagName.toLowerCase() + ' "' + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40) + '" outline ' + s.outlineStyle + ' ' + s.outlineWidth;
  return { wrapped: false, weak };
})()`;

/** Tabs through the page from its top, once round (at most `stops` presses), and lists the stops whose focus ring is thin or missing. */
export async function weakFocusRings(page: Page, stops = 150): Promise<string[]> {
  const weak = new Set<string>();
  await page.evaluate('window.__firstTabStop = null; document.activeElement && document.activeElement.blur()');
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const stop: { wrapped: boolean; weak: string | null } = await page.evaluate(TAB_STOP);
    if (stop.wrapped) break;
    if (stop.weak) weak.add(stop.weak);
  }
  return [...weak];
}
