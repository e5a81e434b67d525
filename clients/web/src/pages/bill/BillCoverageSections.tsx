/**
 * What is said of a bill outside Congress: news stories and the public-interest score. Each section asks for its
 * own data, so an answer re-renders only its section, not the whole bill page above it.
 */
import { useApi } from '../../api/api-context.tsx';
import { NewsList } from '../../components/NewsList.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TrendPanel } from '../../components/TrendPanel.tsx';

export function NewsSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const news = $api.useQuery('get', '/api/bills/{id}/news', { params: { path: { id: billId }, query: { limit: 10 } } });
  return (
    <section aria-labelledby="news-heading">
      <h2 id="news-heading">In the news</h2>
      <QueryState query={news} label="Loading news…">
        {(d) => <NewsList items={d.items} subject="this bill" />}
      </QueryState>
    </section>
  );
}

export function InterestSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const trend = $api.useQuery('get', '/api/bills/{id}/trend', { params: { path: { id: billId } } });
  return (
    <section aria-labelledby="interest-heading">
      <h2 id="interest-heading">Public interest</h2>
      <QueryState query={trend} label="Loading the public-interest score…">
        {(d) => <TrendPanel days={d.items} subject="this bill" />}
      </QueryState>
    </section>
  );
}
