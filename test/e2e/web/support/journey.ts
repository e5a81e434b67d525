/**
 * The steps every browser journey takes: find the page's heading, set a USWDS checkbox or radio by keyboard, and
 * sign up as a new person (the account the signed-in journeys start from).
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The page's main heading (the app focuses it after navigation); `.waitFor()` it to know the page is there. */
export const heading = (p: Page, name: string | RegExp) => p.getByRole('heading', { level: 1, name });

/**
 * USWDS draws its radios and checkboxes over a visually hidden native input (its label is what is seen), so they
 * are found by role and name and set as a keyboard user does: focus, then Space.
 */
export async function tick(control: Locator, checked = true): Promise<void> {
  await control.focus();
  await control.page().keyboard.press('Space');
  // A control saved to the API shows its new state once the reply is back.
  await expect.poll(() => control.isChecked(), { timeout: 10_000 }).toBe(checked);
}

/** Signs up through the form and waits for the dashboard; the session's token stays in the page's storage. */
export async function signUp(page: Page, email: string, password = 'correct horse battery'): Promise<void> {
  await page.goto('/signup');
  await heading(page, /account/i).waitFor();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /Create/ }).click();
  await heading(page, 'My dashboard').waitFor();
}
