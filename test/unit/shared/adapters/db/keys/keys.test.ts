/**
 * The key definitions (shared/adapters/db/keys/*) build exactly the key strings the
 * table already stores: each expectation below is today's literal key, so a
 * change here is a stored-key change and needs a numbered migration.
 * Offline: no table is touched.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  actionKeys,
  backfillKeys,
  billKeys,
  billFactsKeys,
  briefKeys,
  collectionKeys,
  committeeKeys,
  cosponsorKeys,
  etagKeys,
  followKeys,
  jobKeys,
  leaseKeys,
  meetingKeys,
  memberKeys,
  migrationKeys,
  newsCacheKeys,
  newsKeys,
  noteKeys,
  notificationKeys,
  outboxKeys,
  quotaKeys,
  rateKeys,
  reintroductionKeys,
  relatedBillKeys,
  settingKeys,
  statsKeys,
  systemKeys,
  textVersionKeys,
  tokenKeys,
  topicKeys,
  trendKeys,
  userKeys,
  voteKeys,
  wordKeys,
} from '#shared/adapters/db/keys/index.ts';
import { INDEX } from '#shared/adapters/db/table.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('table indexes', () => {
  it('name each physical index by the access patterns it serves, keeping the physical names', () => {
    expect(INDEX).toEqual({
      sortedListings: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
      reverseLookups: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
      secondaryListings: { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
      changeFeed: { name: 'gsi4', pk: 'gsi4pk', sk: 'gsi4sk' },
    });
  });
});

describe('bill keys', () => {
  it('lists a status family under its first part (B3a)', () => {
    expect(billKeys.byStatus.partition('ENACTED')).toBe('BILLSTATUS#ENACTED');
    expect(billKeys.byStatus.partition('FAIL:SECOND')).toBe('BILLSTATUS#FAIL');
  });

  it('builds the bill record, its listings and its missing markers', () => {
    expect(billKeys.partition('118-hr-1')).toBe('BILL#118-hr-1');
    expect(billKeys.meta('118-hr-1')).toEqual({ pk: 'BILL#118-hr-1', sk: 'META' });
    expect(billKeys.isMeta({ sk: 'META' })).toBe(true);
    expect(billKeys.byLatestAction.keys({ id: '118-hr-1', latest_action_date: '2025-03-04' })).toEqual({ gsi1pk: 'BILLS', gsi1sk: '2025-03-04#118-hr-1' });
    expect(billKeys.byLatestAction.keys({ id: '118-hr-1', latest_action_date: null })).toEqual({ gsi1pk: 'BILLS', gsi1sk: '0000-00-00#118-hr-1' });
    expect(billKeys.byLatestAction.partition).toBe('BILLS');
    expect(billKeys.bySponsor.keys('S000001', { id: '118-hr-1', introduced_date: '2025-01-03' })).toEqual({
      gsi2pk: 'SPONSOR#S000001',
      gsi2sk: '2025-01-03#118-hr-1',
    });
    expect(billKeys.bySponsor.keys('S000001', { id: '118-hr-1', introduced_date: null })).toEqual({ gsi2pk: 'SPONSOR#S000001', gsi2sk: '0000-00-00#118-hr-1' });
    expect(billKeys.bySponsor.partition('S000001')).toBe('SPONSOR#S000001');
    expect(billKeys.missing('118-hr-1', 'sponsor')).toEqual({ pk: 'BILL#118-hr-1', sk: 'MISSING#sponsor' });
    expect(billKeys.missingList.keys('118-hr-1', 'metadata')).toEqual({ gsi3pk: 'MISSING#metadata', gsi3sk: '118-hr-1' });
    expect(billKeys.missingList.partition('sponsor')).toBe('MISSING#sponsor');
    expect(billKeys.followUps('118-hr-1')).toEqual({ pk: 'BILL#118-hr-1', sk: 'FOLLOWUPS' });
  });

  it('builds the items beside a bill: actions, text versions, cosponsors, briefs and their markers', () => {
    const action = { bill_id: '118-hr-1', action_date: '2025-03-04', action_text: 'Introduced in House' };
    expect(actionKeys.action(action)).toEqual({ pk: 'BILL#118-hr-1', sk: `ACTION#2025-03-04#${sha256('Introduced in House').slice(0, 20)}` });
    expect(actionKeys.prefix).toBe('ACTION#');
    expect(textVersionKeys.version('118-hr-1', 'ih')).toEqual({ pk: 'BILL#118-hr-1', sk: 'TEXT#ih' });
    expect(textVersionKeys.prefix).toBe('TEXT#');
    expect(textVersionKeys.fetchPending('118-hr-1')).toEqual({ pk: 'BILL#118-hr-1', sk: 'DOCFETCH' });
    expect(textVersionKeys.fetchPendingList.keys('118-hr-1')).toEqual({ gsi3pk: 'DOCFETCHES_PENDING', gsi3sk: '118-hr-1' });
    expect(cosponsorKeys.cosponsor('118-hr-1', 'C000001')).toEqual({ pk: 'BILL#118-hr-1', sk: 'COSPONSOR#C000001' });
    expect(cosponsorKeys.byMember.keys({ bill_id: '118-hr-1', member_id: 'C000001', sponsorship_date: '2025-02-01' })).toEqual({
      gsi2pk: 'COSPONSOR#C000001',
      gsi2sk: '2025-02-01#118-hr-1',
    });
    expect(cosponsorKeys.byMember.keys({ bill_id: '118-hr-1', member_id: 'C000001', sponsorship_date: null })).toEqual({
      gsi2pk: 'COSPONSOR#C000001',
      gsi2sk: '0000-00-00#118-hr-1',
    });
    expect(briefKeys.brief('118-hr-1', 7)).toEqual({ pk: 'BILL#118-hr-1', sk: 'BRIEF#0007' });
    expect(briefKeys.brief('118-hr-1', 12345).sk).toBe('BRIEF#12345');
    expect(briefKeys.prefix).toBe('BRIEF#');
    expect(briefKeys.guard('118-hr-1', 'ih#m-1')).toEqual({ pk: 'BILL#118-hr-1', sk: 'BRIEFKEY#ih#m-1' });
    expect(briefKeys.pending('118-hr-1', 'ih')).toEqual({ pk: 'BILL#118-hr-1', sk: 'BRIEFPENDING#ih' });
    expect(briefKeys.pendingList.keys('118-hr-1', 'ih')).toEqual({ gsi3pk: 'PENDING#brief', gsi3sk: '118-hr-1#ih' });
    expect(briefKeys.uncitedList.keys('118-hr-1', 12)).toEqual({ gsi3pk: 'BRIEFS#uncited', gsi3sk: '118-hr-1#BRIEF#0012' });
    expect([briefKeys.pendingList.partition, briefKeys.uncitedList.partition]).toEqual(['PENDING#brief', 'BRIEFS#uncited']);
  });
});

describe('vote and member keys', () => {
  it("builds roll calls, positions and a member's record", () => {
    expect(voteKeys.billVote('118-hr-1', { chamber: 'house', congress: 118, session: 1, roll_number: 42 })).toEqual({
      pk: 'BILL#118-hr-1',
      sk: 'VOTE#house#118#1#00042',
    });
    expect(voteKeys.billVotePrefix).toBe('VOTE#');
    expect(voteKeys.rollCall('house-118-1-42')).toEqual({ pk: 'ROLLCALL#house-118-1-42', sk: 'META' });
    expect(voteKeys.position('house-118-1-42', 'M000001')).toEqual({ pk: 'ROLLCALL#house-118-1-42', sk: 'POS#M000001' });
    expect(voteKeys.positionPrefix).toBe('POS#');
    expect(voteKeys.byMember.keys('M000001', { date: '2024-05-01', vote_id: 'house-118-1-42' })).toEqual({
      gsi2pk: 'MEMBERVOTES#M000001',
      gsi2sk: '2024-05-01#house-118-1-42',
    });
    expect(voteKeys.fetchClaim('118-hr-1')).toEqual({ pk: 'BILL#118-hr-1', sk: 'VOTEFETCH' });
  });

  it('builds members, their listings, name items and LIS mappings', () => {
    expect(memberKeys.profile('P000197')).toEqual({ pk: 'MEMBER#P000197', sk: 'PROFILE' });
    expect(memberKeys.enrichClaim('P000197')).toEqual({ pk: 'MEMBER#P000197', sk: 'ENRICH' });
    expect(memberKeys.byState.keys({ id: 'P000197', state: 'CA', chamber: 'house', district: 3 })).toEqual({
      gsi1pk: 'MEMBERS#CA',
      gsi1sk: 'house#03#P000197',
    });
    expect(memberKeys.byState.keys({ id: 'S000001', state: 'VT', chamber: null, district: null })).toEqual({
      gsi1pk: 'MEMBERS#VT',
      gsi1sk: 'unknown#00#S000001',
    });
    expect(memberKeys.byState.chamberPrefix('senate')).toBe('senate#');
    expect(memberKeys.byName.keys({ id: 'P000197', name: 'Pelosi, Nancy' })).toEqual({ gsi3pk: 'MEMBERS', gsi3sk: 'pelosi, nancy#P000197' });
    expect(memberKeys.nameItem('pelosi', 'P000197')).toEqual({ pk: 'NAME#p', sk: 'pelosi#P000197' });
    expect(memberKeys.namePartition('nancy')).toBe('NAME#n');
    expect(memberKeys.lis('S354')).toEqual({ pk: 'LIS#S354', sk: 'MEMBER' });
    expect(memberKeys.lisIdOf('LIS#S354')).toBe('S354');
  });
});

describe("people's keys", () => {
  it('builds users, email claims and the system singletons', () => {
    expect(userKeys.profile('u1')).toEqual({ pk: 'USER#u1', sk: 'PROFILE' });
    expect(userKeys.email('a@example.org')).toEqual({ pk: 'EMAIL#a@example.org', sk: 'EMAIL' });
    expect(userKeys.bySignup.keys({ id: 'u1', created_at: '2026-01-01T00:00:00Z' })).toEqual({ gsi1pk: 'USERS', gsi1sk: '2026-01-01T00:00:00Z#u1' });
    expect(systemKeys.firstAdmin).toEqual({ pk: 'SYSTEM', sk: 'FIRST_ADMIN' });
    expect(systemKeys.adminCount).toEqual({ pk: 'SYSTEM', sk: 'ADMIN_COUNT' });
    expect(systemKeys.pollState).toEqual({ pk: 'SYSTEM', sk: 'POLL_STATE' });
  });

  it('builds tokens, follows, notes and collections', () => {
    expect(tokenKeys.token('brief', 't1')).toEqual({ pk: 'TOKEN#brief#t1', sk: 'TOKEN' });
    expect(tokenKeys.token('unsubscribe', 't2')).toEqual({ pk: 'TOKEN#unsubscribe#t2', sk: 'TOKEN' });
    expect(followKeys.follow('u1', 'bill', '118-hr-1')).toEqual({ pk: 'USER#u1', sk: 'FOLLOW#bill#118-hr-1' });
    expect([followKeys.prefix(), followKeys.prefix('member')]).toEqual(['FOLLOW#', 'FOLLOW#member#']);
    expect(followKeys.followers.keys({ user_id: 'u1', target_type: 'topic', target_id: 'health' })).toEqual({
      gsi2pk: 'FOLLOWERS#topic#health',
      gsi2sk: 'USER#u1',
    });
    expect(noteKeys.note('u1', '118-hr-1')).toEqual({ pk: 'USER#u1', sk: 'NOTE#118-hr-1' });
    expect(collectionKeys.collection('u1', 'c1')).toEqual({ pk: 'USER#u1', sk: 'COLLECTION#c1' });
    expect(collectionKeys.bill('u1', 'c1', '118-hr-1')).toEqual({ pk: 'USER#u1', sk: 'COLLBILL#c1#118-hr-1' });
    expect(collectionKeys.billsPrefix('c1')).toBe('COLLBILL#c1#');
    expect(collectionKeys.name('u1', 'water bills')).toEqual({ pk: 'USER#u1', sk: 'COLLNAME#water bills' });
  });

  it('builds notification events, de-dup marks and the deferral listing', () => {
    const event = { user_id: 'u1', occurred_at: '2026-01-01T10:00:00.000Z', event_id: 'e1' };
    expect(notificationKeys.event(event)).toEqual({ pk: 'USER#u1', sk: 'NOTIF#2026-01-01T10:00:00.000Z#e1' });
    expect(notificationKeys.prefix).toBe('NOTIF#');
    // The subject is hashed (an action's text can be long): same subject, same key; another subject, another key.
    const mark = notificationKeys.dedupe('u1', '118-hr-1', 'bill_updated|action:2026-01-01:passed senate');
    expect(mark).toEqual({ pk: 'USER#u1', sk: expect.stringMatching(/^DEDUPE#118-hr-1#[\w-]{22}$/) });
    expect(notificationKeys.dedupe('u1', '118-hr-1', 'bill_updated|action:2026-01-01:passed senate')).toEqual(mark);
    expect(notificationKeys.dedupe('u1', '118-hr-1', 'bill_updated|action:2026-01-02:passed house').sk).not.toBe(mark.sk);
    expect(notificationKeys.deferred.keys('held', event, '2026-01-02T07:00:00.000Z')).toEqual({
      gsi2pk: 'DEFER#held#2026-01-02',
      gsi2sk: '2026-01-02T07:00:00.000Z#u1#e1',
    });
    expect(notificationKeys.deferred.partition('digest', '2026-01-05T08:00:00.000Z')).toBe('DEFER#digest#2026-01-05');
    expect(notificationKeys.deferred.dueBy('2026-01-02T07:00:00.000Z')).toBe('2026-01-02T07:00:00.000Z~');
  });
});

describe('trend and news keys', () => {
  it('builds daily scores and the trending listing, zero-padding the score', () => {
    expect(trendKeys.day('bill', '118-hr-1', '2026-11-20')).toEqual({ pk: 'BILL#118-hr-1', sk: 'TREND#2026-11-20' });
    expect(trendKeys.day('member', 'P000197', '2026-11-20')).toEqual({ pk: 'MEMBER#P000197', sk: 'TREND#2026-11-20' });
    expect(trendKeys.prefix).toBe('TREND#');
    expect(trendKeys.trending.keys('2026-11-20', 7.5, '118-hr-1')).toEqual({ gsi1pk: 'TRENDING#2026-11-20', gsi1sk: '007.5#118-hr-1' });
    expect(trendKeys.trending.keys('2026-11-20', 100, '118-hr-1').gsi1sk).toBe('100.0#118-hr-1');
    expect(trendKeys.trending.parseSortKey('068.5#119-hr-106')).toEqual({ score: 68.5, bill_id: '119-hr-106' });
    expect(trendKeys.trending.parseSortKey('nothing')).toBeNull();
  });

  it('builds articles, claims, requests, the RSS cache and the quota day', () => {
    const url = 'https://news.example.org/a?b=1';
    const bill = { kind: 'bill', id: '118-hr-1' } as const;
    const member = { kind: 'member', id: 'P000197' } as const;
    expect(newsKeys.article(bill, url)).toEqual({ pk: 'BILL#118-hr-1', sk: `NEWS#${sha256(url)}` });
    expect(newsKeys.article(member, url)).toEqual({ pk: 'MEMBER#P000197', sk: `NEWS#${sha256(url)}` });
    expect(newsKeys.byOwner.keys(bill, url, '2026-01-01T00:00:00Z')).toEqual({ gsi3pk: 'NEWS#BILL#118-hr-1', gsi3sk: `2026-01-01T00:00:00Z#${sha256(url)}` });
    expect(newsKeys.byOwner.partition(member)).toBe('NEWS#MEMBER#P000197');
    expect(newsKeys.claim(bill)).toEqual({ pk: 'BILL#118-hr-1', sk: 'NEWSCLAIM' });
    expect(newsKeys.membersRead.keys('P000197', '2026-01-01T00:00:00.000Z')).toEqual({ gsi3pk: 'NEWS_MEMBERS', gsi3sk: '2026-01-01T00:00:00.000Z#P000197' });
    expect(newsKeys.request('118-hr-1')).toEqual({ pk: 'BILL#118-hr-1', sk: 'NEWSREQUEST' });
    expect([newsKeys.requests.partition, newsKeys.requests.sortKey('118-hr-1', '2026-01-01T00:00:00.000Z')]).toEqual([
      'NEWS_REQUESTS',
      '2026-01-01T00:00:00.000Z#118-hr-1',
    ]);
    expect(newsCacheKeys.query('"water bill"')).toEqual({ pk: 'NEWSRSS', sk: `Q#${sha256('"water bill"')}` });
    expect(quotaKeys.newsSearchDay(new Date('2026-03-04T23:59:59Z'))).toEqual({ pk: 'QUOTA#news-search', sk: 'DAY#2026-03-04' });
  });
});

describe('index and platform keys', () => {
  it('builds title words and topics', () => {
    expect(wordKeys.word('water', '118-hr-1')).toEqual({ pk: 'WORD#water', sk: '118-hr-1' });
    expect(topicKeys.counter('health')).toEqual({ pk: 'TOPIC', sk: 'health' });
    expect(topicKeys.bill('health', '118-hr-1')).toEqual({ pk: 'TOPIC#health', sk: '118-hr-1' });
  });

  it('builds job runs, migrations, settings, stats, rate limits and the ETag cache', () => {
    expect(jobKeys.latest('poll_bills')).toEqual({ pk: 'JOB#poll_bills', sk: 'LATEST' });
    expect(jobKeys.run('poll_bills', '2026-01-01T00:00:00.000Z', 'r1')).toEqual({ pk: 'JOB#poll_bills', sk: 'RUN#2026-01-01T00:00:00.000Z#r1' });
    expect([jobKeys.isJobPartition('JOB#x'), jobKeys.isJobPartition('BILL#x')]).toEqual([true, false]);
    expect(leaseKeys.job('release_held_notifications')).toEqual({ pk: 'LEASE#job#release_held_notifications', sk: 'LEASE' });
    expect(migrationKeys.applied('0003')).toEqual({ pk: 'MIGRATION', sk: '0003' });
    expect(backfillKeys.backfill('congress-119')).toEqual({ pk: 'BACKFILL', sk: 'congress-119' });
    expect(backfillKeys.partition).toBe('BACKFILL');
    expect(outboxKeys.entry('text:119-hr-5:ih')).toEqual({ pk: 'OUTBOX#text:119-hr-5:ih', sk: 'OUTBOX' });
    expect(outboxKeys.pending.partition).toBe('OUTBOX');
    expect(outboxKeys.pending.keys('text:119-hr-5:ih', '2026-03-02T15:00:00.000Z')).toEqual({
      gsi3pk: 'OUTBOX',
      gsi3sk: '2026-03-02T15:00:00.000Z#text:119-hr-5:ih',
    });
    expect(settingKeys.setting('llm_model')).toEqual({ pk: 'SETTINGS', sk: 'llm_model' });
    expect(statsKeys.counters).toEqual({ pk: 'STATS', sk: 'COUNTERS' });
    expect(rateKeys.window('login', '203.0.113.7')).toEqual({ pk: 'RATE#login#203.0.113.7', sk: 'SLOTS' });
    expect(rateKeys.llmBucket).toEqual({ pk: 'RATE#llm-rpm', sk: 'BUCKET' });
    expect(rateKeys.providerBucket('congress-gov')).toEqual({ pk: 'RATE#provider#congress-gov', sk: 'BUCKET' });
    const url = 'https://www.govinfo.gov/content/pkg/BILLS-119hr5ih/uslm/BILLS-119hr5ih.xml';
    expect(etagKeys.url(url)).toEqual({ pk: `ETAG#${md5(url)}`, sk: 'ETAG' });
  });

  it('builds related bills and reintroductions', () => {
    expect(relatedBillKeys.related('119-s-5', '119-hr-29')).toEqual({ pk: 'BILL#119-s-5', sk: 'RELATED#119-hr-29' });
    expect(relatedBillKeys.prefix).toBe('RELATED#');
    expect(relatedBillKeys.namedBy.keys('119-s-5', '119-hr-29')).toEqual({
      [INDEX.reverseLookups.pk]: 'RELATEDTO#119-hr-29',
      [INDEX.reverseLookups.sk]: '119-s-5',
    });
    expect(relatedBillKeys.sync('119-s-5')).toEqual({ pk: 'BILL#119-s-5', sk: 'RELATEDSYNC' });
    const fp = sha256('laken riley act').slice(0, 24);
    expect(reintroductionKeys.fingerprint('laken riley act')).toBe(fp);
    expect(reintroductionKeys.titleFingerprint('119-s-5')).toEqual({ pk: 'BILL#119-s-5', sk: 'TITLEFP' });
    expect(reintroductionKeys.byTitle.keys(fp, 99, '99-s-5')).toEqual({
      [INDEX.secondaryListings.pk]: `TITLEFP#${fp}`,
      [INDEX.secondaryListings.sk]: '099#99-s-5',
    });
    expect(reintroductionKeys.reintroductionOf('119-s-5')).toEqual({ pk: 'BILL#119-s-5', sk: 'REINTRO#OF' });
    expect(reintroductionKeys.reintroducedAs('118-hr-7511', '119-s-5')).toEqual({ pk: 'BILL#118-hr-7511', sk: 'REINTRO#AS#119-s-5' });
  });
});

describe('bill facts keys (B23)', () => {
  it('builds the CRS summary and facts items beside the bill', () => {
    expect(billFactsKeys.summary('117-hr-2471', '00', '2021-04-13')).toEqual({ pk: 'BILL#117-hr-2471', sk: 'SUMMARY#00#2021-04-13' });
    expect(billFactsKeys.summary('117-hr-2471', '49', null)).toEqual({ pk: 'BILL#117-hr-2471', sk: 'SUMMARY#49#0000-00-00' });
    expect(billFactsKeys.facts('117-hr-2471')).toEqual({ pk: 'BILL#117-hr-2471', sk: 'FACTS' });
  });
});

describe('committee keys (C1-C5)', () => {
  it('builds the record, seats, listings, activity and change feed', () => {
    expect(committeeKeys.meta('HSAG')).toEqual({ pk: 'COMMITTEE#HSAG', sk: 'META' });
    expect(committeeKeys.seat('HSAG15', 'B001236')).toEqual({ pk: 'COMMITTEE#HSAG15', sk: 'SEAT#B001236' });
    expect(committeeKeys.listing.keys({ id: 'HSAG15', chamber: 'house', parent_id: 'HSAG' })).toEqual({
      [INDEX.secondaryListings.pk]: 'COMMITTEES',
      [INDEX.secondaryListings.sk]: 'house#HSAG#HSAG15',
    });
    expect(committeeKeys.listing.chamberPrefix('joint')).toBe('joint#');
    expect(committeeKeys.seatsOf.keys({ member_id: 'B001236', committee_id: 'SSAF' })).toEqual({
      [INDEX.reverseLookups.pk]: 'MEMBERSEATS#B001236',
      [INDEX.reverseLookups.sk]: 'SSAF',
    });
    expect(committeeKeys.activity({ committee_id: 'HSJU', date: '2021-03-01', bill_id: '117-hr-1', kind: 'referral' })).toEqual({
      pk: 'COMMITTEEACTIVITY#HSJU',
      sk: '2021-03-01#117-hr-1#referral',
    });
    expect(committeeKeys.byContentChange.keys({ id: 'HSAG' }, '2026-06-20T00:00:00.000Z')).toEqual({
      [INDEX.changeFeed.pk]: 'COMMITTEECHANGES',
      [INDEX.changeFeed.sk]: '2026-06-20T00:00:00.000Z#HSAG',
    });
  });
});

describe('meeting keys (S1-S6)', () => {
  const m = { id: 'house-115955', starts_at: '2023-05-23T14:00:00-04:00' };
  it('builds the record, history, start listing, pointers and change feed, starts in UTC', () => {
    expect(meetingKeys.meta('house-115955')).toEqual({ pk: 'MEETING#house-115955', sk: 'META' });
    expect(meetingKeys.change('house-115955', 12)).toEqual({ pk: 'MEETING#house-115955', sk: 'CHANGE#000012' });
    expect(meetingKeys.byStart.keys(m)).toEqual({ [INDEX.sortedListings.pk]: 'MEETINGS', [INDEX.sortedListings.sk]: '2023-05-23T18:00:00.000Z#house-115955' });
    expect(meetingKeys.pointer('bill', '118-hr-188', m)).toEqual({ pk: 'MEETINGSOF#bill#118-hr-188', sk: '2023-05-23T18:00:00.000Z#house-115955' });
    expect(meetingKeys.pointer('committee', 'HSII', m)).toEqual({ pk: 'MEETINGSOF#committee#HSII', sk: '2023-05-23T18:00:00.000Z#house-115955' });
    expect(meetingKeys.byContentChange.keys(m, '2026-07-30T12:00:00.000Z')).toEqual({
      [INDEX.changeFeed.pk]: 'MEETINGCHANGES',
      [INDEX.changeFeed.sk]: '2026-07-30T12:00:00.000Z#house-115955',
    });
  });
});
