/** The ordered list of data migrations; a domain adds its own here. */
import type { Migration } from './migration.ts';
import { briefShareTokens } from './0001-brief-share-tokens.ts';
import { countUnlabeledBriefs } from './0002-count-unlabeled-briefs.ts';
import { memberNameCards } from './0003-member-name-cards.ts';
import { dashboardFeed } from './0004-dashboard-feed.ts';
import { announcedTextVersions } from './0005-announced-text-versions.ts';
import { billStatus } from './0006-bill-status.ts';
import { adminCount } from './0007-admin-count.ts';
import { titleFingerprints } from './0008-title-fingerprints.ts';
import { memberDashboardCards } from './0009-member-dashboard-cards.ts';
import { dashboardBillCards } from './0010-dashboard-bill-cards.ts';
import { recentVotesThree } from './0011-recent-votes-three.ts';
import { statusCodes } from './0012-status-codes.ts';
import { sealPushTokensMigration } from './0013-seal-push-tokens.ts';
import { contentUpdatedAt } from './0014-content-updated-at.ts';
import { billStatusListing } from './0015-bill-status-listing.ts';
import { retireTitleWords } from './0016-retire-title-words.ts';
import { locateBriefCitations } from './0017-locate-brief-citations.ts';

export const MIGRATIONS: readonly Migration[] = [
  briefShareTokens,
  countUnlabeledBriefs,
  memberNameCards,
  dashboardFeed,
  announcedTextVersions,
  billStatus,
  adminCount,
  titleFingerprints,
  memberDashboardCards,
  dashboardBillCards,
  recentVotesThree,
  statusCodes,
  sealPushTokensMigration,
  contentUpdatedAt,
  billStatusListing,
  retireTitleWords,
  locateBriefCitations,
];
