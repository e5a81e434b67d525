/**
 * The one table shape of the admin console: columns as data (a header and how to draw a row's cell), the first
 * column as each row's header, a caption for screen readers, and a scrollable region on narrow screens.
 */
import type { ReactNode } from 'react';

export interface AdminColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export function AdminTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  compact = false,
  visibleCaption = false,
}: {
  /** The name of the scrollable region, such as "Jobs table". */
  label: string;
  caption: ReactNode;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  compact?: boolean;
  /** Shows the caption to everyone (it says something sighted readers need too), not to screen readers only. */
  visibleCaption?: boolean;
}) {
  const [first, ...rest] = columns;
  return (
    // A keyboard user must be able to reach and scroll a table wider than the screen (WCAG 2.1.1).
    <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label={label}>
      <table className={`usa-table usa-table--borderless bw-table-wraps${compact ? ' usa-table--compact' : ''}`}>
        <caption className={visibleCaption ? undefined : 'usa-sr-only'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {first && <th scope="row">{first.cell(row)}</th>}
              {rest.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
