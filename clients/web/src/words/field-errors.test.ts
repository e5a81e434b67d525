import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/api-failure.ts';
import { fieldMessages, plainFieldMessage } from './field-errors.ts';

describe('a refused field in plain words', () => {
  it("reads zod's own messages as sentences about the field", () => {
    expect(plainFieldMessage('your note', 'Too big: expected string to have <=10000 characters')).toBe('Your note can be at most 10,000 characters long.');
    expect(plainFieldMessage('the name', 'Too small: expected string to have >=1 characters')).toBe('Enter the name.');
    expect(plainFieldMessage('the password', 'Too small: expected string to have >=8 characters')).toBe('The password needs at least 8 characters.');
    expect(plainFieldMessage('the email address', 'Invalid email address')).toBe('Enter the email address as an address like name@example.org.');
    expect(plainFieldMessage('the webhook URL', 'Invalid URL')).toBe('Enter the webhook URL as a full web address, starting with https://.');
    expect(plainFieldMessage('the stance', 'Invalid option: expected one of "YES"|"NO"')).toBe('Choose the stance from the list.');
    expect(plainFieldMessage('the start date', 'Invalid ISO date')).toBe('Enter the start date as a date, such as 2025-01-31.');
    expect(plainFieldMessage('the Congress', 'Too big: expected number to be <=119')).toBe('The Congress can be at most 119.');
    expect(plainFieldMessage('the ZIP code', 'Unrecognized key: "zip_code"')).toBe('Check the ZIP code: it is not in a form BillWatch takes.');
  });

  it("never shows a message that names fields in the API's words", () => {
    expect(plainFieldMessage('the toy room', 'a toy_room is needed to enable the toy channel')).toBe('Enter the toy room.');
    expect(plainFieldMessage('the access token', 'token auth needs a push_token')).toBe('Enter the access token.');
    expect(plainFieldMessage('the access token', 'enter push_token again: a saved token is only sent to its host')).toBe('Enter the access token again.');
    expect(plainFieldMessage('the end', 'quiet_hours_start and quiet_hours_end are set together (both hours, or both null)')).toBe(
      'Check the end: BillWatch could not accept it.',
    );
  });

  it("keeps the service's plain words, with the field as their subject when they go on from it", () => {
    expect(plainFieldMessage('your note', 'must be at most 10000 characters')).toBe('Your note must be at most 10,000 characters.');
    expect(plainFieldMessage('the Congress', 'is required with source bulk')).toBe('Enter the Congress.');
    expect(plainFieldMessage('the access token', 'enter the push token again: a saved token is only sent to the host it was saved for')).toBe(
      'Enter the push token again: a saved token is only sent to the host it was saved for.',
    );
    expect(plainFieldMessage('the push topic URL', 'example.org resolves only to private or reserved addresses, which push may not reach')).toBe(
      'Example.org resolves only to private or reserved addresses, which push may not reach.',
    );
    expect(plainFieldMessage('the end date', 'must not be after today (2026-02-04)')).toBe('The end date must not be after today (2026-02-04).');
    // A form's own words come first.
    expect(plainFieldMessage('your current password', 'is not the current password', [[/current password/, 'That is not your current password.']])).toBe(
      'That is not your current password.',
    );
  });
});

describe("a failure's field messages", () => {
  const failure = new ApiFailure(422, 'Invalid body.content: …', 'request.invalid', [
    { path: 'body.pinned', message: 'Invalid input: expected boolean, received string' },
    { path: 'body.content', message: 'must be at most 10000 characters' },
    { path: 'body.content', message: 'Too big: expected string to have <=10000 characters' },
  ]);

  it("come in the form's order of fields, one per input, with the input they go beside", () => {
    expect(fieldMessages(failure, { content: { id: 'note-content', label: 'your note' }, pinned: { id: 'note-pinned', label: 'the pin' } })).toEqual([
      { id: 'note-content', message: 'Your note must be at most 10,000 characters.' },
      { id: 'note-pinned', message: 'Check the pin: it is not in a form BillWatch takes.' },
    ]);
  });

  it('read a field the form does not name as what was entered, never by its name', () => {
    expect(fieldMessages(failure, {})).toEqual([
      { message: 'Check what you entered: it is not in a form BillWatch takes.' },
      { message: 'What you entered must be at most 10,000 characters.' },
      { message: 'What you entered can be at most 10,000 characters long.' },
    ]);
  });
});
