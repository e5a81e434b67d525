/**
 * Helpers the browser journeys share: the page's main heading (the app focuses it after navigation), and signing
 * up through the sign-up page as a person does.
 */
import type { Page } from 'playwright-core';

/** The page's main heading, to wait for after a navigation. */
export const heading = (p: Page, name: string | RegExp) => p.getByRole('heading', { level: 1, name });

/** Creates an account on the sign-up page and waits for the dashboard it lands on (signed in). */
export async function signUpInBrowser(page: Page, email: string, password = 'correct horse battery'): Promise<void> {
  await page.goto('/signup');
  await heading(page, /account/i).waitFor();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.keyboard.press('Enter');
  await heading(page, 'My dashboard').waitFor();
}
