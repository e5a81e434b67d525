/**
 * zod validation of path parameters, query strings and bodies; a failure is
 * a 422 whose `errors` list names each field.
 */
import type * as z from 'zod';
import { InvalidInputError, type FieldError } from '#shared/errors/app-error.ts';

export function validate<S extends z.ZodType>(schema: S, value: unknown, where: 'path' | 'query' | 'body'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const first = errors[0];
  throw new InvalidInputError(first ? `Invalid ${first.path}: ${first.message}` : `Invalid ${where}`, errors, 'request.invalid');
}
