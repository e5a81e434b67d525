/**
 * A news article as both news providers (the news search API and the news
 * RSS search feed) are read into it, and as stored and served per bill or
 * member. Fields the provider does not give are null, never guessed.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const NewsArticle = lazySchema(() =>
  z
    .object({
      url: z.string().describe('The article URL'),
      title: z.string().describe('The headline'),
      source: z.string().nullable().describe('The publisher\'s name ("ABC News").'),
      description: z.string().nullable().describe('The teaser the provider gives; null when none'),
      image_url: z.string().nullable().describe('An image URL; null when none'),
      published_at: z.string().nullable().describe('ISO-8601 UTC, or null when the provider gave no parseable date.'),
    })
    .meta({ id: 'NewsArticle', description: 'A news article about a bill or a member' }),
);
export type NewsArticle = z.infer<ReturnType<typeof NewsArticle>>;
