/**
 * Action categories (the keys of alert_filters per follow mode) and the sets
 * the product's rules build on them (docs/product-rules.md). One place, so
 * changing a set is one edit. new_document and new_amendment come from
 * briefs and status_changed from a change of bill status, not from one
 * action's text, reintroduced from a later Congress's bill, search_match from a saved
 * search matching a new bill or text version and forecast_jump from a
 * bill's odds of becoming law jumping, so users can
 * filter those events as they filter actions.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const ACTION_CATEGORIES = [
  'vote',
  'presidential',
  'committee_report',
  'calendar',
  'procedural',
  'referral',
  'new_document',
  'new_amendment',
  'status_changed',
  'reintroduced',
  'search_match',
  'forecast_jump',
] as const;
export const ActionCategory = lazySchema(() => z.enum(ACTION_CATEGORIES));
export type ActionCategory = z.infer<ReturnType<typeof ActionCategory>>;

/** A new action of these categories enqueues a document fetch (besides the first one per new bill). */
export const DOCUMENT_FETCH_CATEGORIES: ReadonlySet<ActionCategory> = new Set(['vote', 'committee_report', 'presidential', 'calendar', 'referral']);

/** A changed bill whose latest action is of these categories emits bill_updated. */
export const MILESTONE_CATEGORIES: ReadonlySet<ActionCategory> = new Set(['vote', 'presidential', 'committee_report', 'calendar']);

export const FOLLOW_MODES = ['neutral', 'hold_veto', 'hold_boost'] as const;
/** What each follow mode means, for the API reference wherever a follow_mode appears. */
export const FOLLOW_MODE_MEANING =
  'neutral: following without a stance. hold_veto: you oppose the bill and want it stopped; draft letters pre-fill NO, alignment counts a member ' +
  'voting against it as agreeing with you, and the hold_veto entry of alert_filters decides which of its events notify. hold_boost: you support the ' +
  'bill and want it passed; draft letters pre-fill YES, alignment counts a vote for it as agreeing, push alerts carry a "Write to your representative" ' +
  'action, and the hold_boost entry of alert_filters applies.';

export const FollowMode = lazySchema(() => z.enum(FOLLOW_MODES).describe(`How a bill follow notifies and what stance it records. ${FOLLOW_MODE_MEANING}`));
export type FollowMode = z.infer<ReturnType<typeof FollowMode>>;
