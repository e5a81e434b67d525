/** A committee id at a boundary (path, query, follow): its Thomas code, HSAG or HSAG15; lower case is read as upper case. */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const CommitteeId = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}(\d{2})?$/, { error: 'must be a committee code such as HSAG (a committee) or HSAG15 (a subcommittee)' }),
);
