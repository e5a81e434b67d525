// The data-source switches in plain words: the name people know each source by and what turning it off stops.
import type { Schemas } from '../../../typescript/index.ts';

export type DataSourceName = keyof Schemas['DataSources'];

export const DATA_SOURCE_WORDS: Record<DataSourceName, { label: string; description: string }> = {
  congress_api: {
    label: 'Congress.gov',
    description: 'New and changed bills, their sponsors, actions, cosponsors and text versions, and the member list.',
  },
  document_api: {
    label: 'GovInfo bill texts',
    description: 'The full text of bills. Texts missed while this is off are fetched after it is back on.',
  },
  roll_calls: { label: 'House and Senate roll calls', description: 'How each member voted on recorded votes.' },
  legislators: {
    label: 'Congress legislators dataset',
    description: 'Senators’ ids, members’ contact details and committee chairs.',
  },
  news_search: { label: 'News search', description: 'News about bills, and the news part of each bill’s interest score.' },
  news_rss: { label: 'News RSS feed', description: 'News about bills and members, and the news-feed part of the interest score.' },
  search_trends: { label: 'Search trends', description: 'The search-interest part of each bill’s interest score.' },
};
