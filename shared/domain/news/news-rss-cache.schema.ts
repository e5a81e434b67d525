/**
 * A cached news RSS answer: the query, its parsed articles and when they expire (ms since the epoch).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { NewsArticle } from './news-article.ts';

export const CachedFeed = lazySchema(() => z.object({ query: z.string(), articles: z.array(NewsArticle()), expires_at: z.number() }));
