import type { ReactNode } from 'react';
import { NotLoaded, useScreenConnectionContext } from './ServerConnection';
import { EmptyState, ErrorState, LoadingSkeleton } from './States';
import { useIsDesktop } from './useMediaQuery';
import './ui.css';

/** One table column: header text, the cell of a row, and the cell's class (`num`, `nowrap`...). */
export interface ListColumn<T> {
  id: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  className?: string;
  /** The header is for screen readers only (e.g. an actions column). */
  hideHeader?: boolean;
  /** The cell names its row: rendered as `<th scope="row">`. */
  rowHeader?: boolean;
}

/** Attributes a feature puts on a row and its card alike (`data-testid`, `data-ticket`...). */
export type RowAttrs = Record<`data-${string}`, string | undefined>;

/** Class names of the list's parts, so a feature keeps its look. */
export interface ListClasses {
  /** Box around the table (default `table-wrap`). */
  wrap?: string;
  /** The table (default `data-table`). */
  table?: string;
  /** The card list (default `ui-list-cards`). */
  list?: string;
  /** Each card (default `card`). */
  card?: string;
  /** The empty state's extra class. */
  empty?: string;
  /** The error state's extra class. */
  error?: string;
}

/** Props of `ResponsiveList`. */
export interface ResponsiveListProps<T> {
  /** The rows; `undefined` while loading. */
  rows: readonly T[] | undefined;
  rowKey(row: T): string;
  columns: readonly ListColumn<T>[];
  /** The body of a row's card on phones (the same facts as the row's cells). */
  card(row: T): ReactNode;
  /** Accessible name of the table and the card list (e.g. 'Users'). */
  label?: string;
  /** SPEC.md's empty text, shown when `rows` is empty. */
  empty: ReactNode;
  /** Caption of the loading skeleton (SPEC.md's loading text), shown while `rows` is undefined. */
  loadingText?: string;
  /** A failed load: `errorText` and the error's message instead of the list. */
  error?: { message: string } | null;
  errorText?: string;
  onRetry?(): void;
  rowAttrs?(row: T): RowAttrs;
  /** Accessible name of a row's card (phones), e.g. the business name. */
  cardLabel?(row: T): string;
  /** Cards in an `<ol>` (an ordered list, e.g. newest first) instead of a `<ul>`. */
  ordered?: boolean;
  classes?: ListClasses;
}

/**
 * The list of every screen (DESIGN.md 5a): cards on phones, a table from 992 px (`useIsDesktop`).
 * Columns in, rows out: the table is built from `columns`, each card from `card(row)`; `rowAttrs`
 * lands on both so tests and styles find a row either way. Shows a loading skeleton while `rows` is
 * undefined, `errorText` + the message on `error`, and `empty` when there are no rows. Inside a screen
 * whose server cannot be reached (ServerConnection's provider) a list with no rows yet says what
 * every part of such a screen says, 'Not loaded yet: ...' (NotLoaded), instead of loading forever.
 */
export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  const isDesktop = useIsDesktop();
  const connection = useScreenConnectionContext();
  const { rows, error, classes = {} } = props;
  const errorText = props.errorText ?? 'The list could not be loaded.';
  if (rows === undefined && connection?.offline) return <NotLoaded className={classes.error} />;
  if (error) return <ErrorState text={errorText} error={error} onRetry={props.onRetry} className={classes.error} />;
  if (rows === undefined) return <LoadingSkeleton text={props.loadingText} />;
  if (rows.length === 0) return <EmptyState className={classes.empty}>{props.empty}</EmptyState>;
  return isDesktop ? <ListTable {...props} rows={rows} /> : <ListCards {...props} rows={rows} />;
}

/** The table half of `ResponsiveList` (also usable alone for a desktop-only table). */
export function ListTable<T>(props: Omit<ResponsiveListProps<T>, 'rows' | 'card' | 'empty' | 'cardLabel'> & { rows: readonly T[] }) {
  const { rows, rowKey, columns, label, rowAttrs, classes = {} } = props;
  return (
    <div className={classes.wrap ?? 'table-wrap'}>
      <table className={classes.table ?? 'data-table'} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.className}>
                {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttrs?.(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.id} scope="row" className={c.className}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.id} className={c.className}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ListCards<T>(props: ResponsiveListProps<T> & { rows: readonly T[] }) {
  const { rows, rowKey, card, label, rowAttrs, cardLabel, ordered, classes = {} } = props;
  const items = rows.map((row) => (
    <li key={rowKey(row)} className={classes.card ?? 'card'} aria-label={cardLabel?.(row)} {...rowAttrs?.(row)}>
      {card(row)}
    </li>
  ));
  const className = classes.list ?? 'ui-list-cards';
  return ordered ? (
    <ol className={className} aria-label={label}>
      {items}
    </ol>
  ) : (
    <ul className={className} aria-label={label}>
      {items}
    </ul>
  );
}
