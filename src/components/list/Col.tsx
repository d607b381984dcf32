// A DataTable column whose sorting follows the class declaration (src/domain/schema): a column
// the API cannot sort has no sort button. Its label is the declaration's too (react-admin reads
// resources.<name>.fields.<source>), so a column names only its source.
import {
  type RaRecord,
  useDataTableRenderContext,
  useRecordContext,
  useResourceContext,
} from 'ra-core';
import { createElement, type ReactNode } from 'react';
import { DataTable, type DataTableColumnProps } from 'react-admin';
import { isSortable } from '../../domain/schema/index.ts';
import { RowLink } from './RowLink.tsx';

/** Where a row leads (a spec path such as `/contrats/12`), or nothing for a row without detail. */
// biome-ignore lint/suspicious/noExplicitAny: rows of any record type
export type RowLinkFn<R extends RaRecord = any> = (record: R) => string | false | null | undefined;

export interface ColProps extends DataTableColumnProps {
  /** Set by SpecTable on the first visible column: its content becomes the row's real link. */
  rowLink?: RowLinkFn;
}

/** What a column shows for a record, as react-admin's DataTable cell does. */
export function cellContent(props: DataTableColumnProps, record: RaRecord | undefined): ReactNode {
  if (!record) return null;
  if (props.children !== undefined) return props.children;
  if (props.render) return props.render(record);
  if (props.field) return createElement(props.field, { source: props.source });
  const value = props.source
    ? props.source
        .split('.')
        .reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], record)
    : undefined;
  return value == null ? null : String(value);
}

export function Col({ rowLink, ...props }: ColProps) {
  const resource = useResourceContext();
  const renderContext = useDataTableRenderContext();
  const record = useRecordContext();
  const href = rowLink && renderContext === 'data' && record ? rowLink(record) : undefined;
  return (
    <DataTable.Col
      {...props}
      disableSort={props.disableSort || !isSortable(resource, props.source)}
    >
      {href ? <RowLink to={href}>{cellContent(props, record)}</RowLink> : props.children}
    </DataTable.Col>
  );
}
