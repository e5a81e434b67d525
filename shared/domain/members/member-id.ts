/** Member ids: the Bioguide id (a capital letter and six digits, P000197), defined once. */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const BIOGUIDE_PATTERN = /^[A-Z]\d{6}$/;

/** A member id at a boundary (path, query, message, provider payload). */
export const MemberId = lazySchema(() => z.string().regex(BIOGUIDE_PATTERN, { error: 'must be a Bioguide id such as P000197' }));
