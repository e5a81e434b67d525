/**
 * The email channel: its settings and their rules. Removing the address
 * turns email off; email can only be enabled with an address. Every email
 * carries the user's unsubscribe links (SPEC.md). Delivery:
 * shared/use-cases/notify/channels/email.channel.ts.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { defineChannel, type SettingsError } from './channel.ts';

/** An email address as the settings take it: trimmed and lower-cased. */
export const EmailAddress = lazySchema(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'must be a valid email address' })),
);

export const EmailTestRequest = lazySchema(() =>
  z
    .object({
      email_address: EmailAddress().optional().describe('The address notification emails go to'),
    })
    .optional(),
);
export type EmailTestRequest = z.infer<ReturnType<typeof EmailTestRequest>>;

export const emailChannel = defineChannel({
  name: 'email',
  delivery: 'send',
  history: { description: 'The email channel', since: 'first' },
  stored: () => ({
    email_enabled: z.boolean().default(false).describe('Whether email notifications are sent'),
    email_address: z.string().nullable().default(null).describe('The address notification emails go to'),
  }),
  hidden: [],
  update: () => ({
    email_enabled: z.boolean().describe('Whether email notifications are sent'),
    email_address: EmailAddress().nullable().describe('The address notification emails go to'),
  }),
  writeOnly: [],
  view: () => ({}),
  isOn: (p) => p.email_enabled && Boolean(p.email_address),
  applyUpdate: ({ next, update }) => {
    const errors: SettingsError[] = [];
    if (next.email_address === null) next.email_enabled = false;
    if (update.email_enabled === true && !next.email_address)
      errors.push({ path: 'body.email_address', message: 'an email address is needed to enable email' });
    return errors;
  },
  test: {
    operationId: 'testEmailNotification',
    description:
      'Sends a test email to the address in the request, else the saved one, and reports the outcome; failures come back as descriptive messages. Signed in; rate limited per user (testNotification).',
    summary: 'Send a test email to the address in the request, else the saved one; failures come back as descriptive messages',
    request: () => EmailTestRequest(),
  },
});
