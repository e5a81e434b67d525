/**
 * A news article as stored for its bill or member (docs/data-model.md B13, M11): the article,
 * when it was stored and which provider found it.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { NewsArticle } from './news-article.ts';

export const StoredArticle = lazySchema(() => NewsArticle().extend({ stored_at: z.string(), provider: z.enum(['news-search', 'news-rss']) }));
export type StoredArticle = z.infer<ReturnType<typeof StoredArticle>>;
