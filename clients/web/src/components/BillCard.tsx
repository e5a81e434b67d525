// A bill in a list: label, title, the document indicator, the latest action with its date, and its status when known.
import { Link } from 'react-router';
import { formatDate } from '../words/format.ts';
import { statusWords } from '../words/status-words.ts';
import { DocumentBadge } from './DocumentBadge.tsx';

export interface BillCardBill {
  id: string;
  label: string;
  title: string;
  short_title: string | null;
  document_status: string;
  latest_action_date: string | null;
  latest_action_text: string | null;
  status?: string;
  topic_tags?: string[];
}

export function BillCard({ bill, extra, headingLevel = 3 }: { bill: BillCardBill; extra?: React.ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="bw-card">
      <Heading>
        <Link to={`/bills/${bill.id}`}>
          {bill.label}: {bill.short_title ?? bill.title}
        </Link>
      </Heading>
      <div className="display-flex flex-wrap gap-1 flex-align-center">
        <DocumentBadge status={bill.document_status} />
        {bill.status && <span className="usa-tag usa-tag--big bg-primary-dark">{statusWords(bill.status)}</span>}
      </div>
      {bill.latest_action_text && (
        <p className="font-sans-xs">
          <span className="text-bold">Latest action ({formatDate(bill.latest_action_date)}):</span> {bill.latest_action_text}
        </p>
      )}
      {extra}
    </article>
  );
}
