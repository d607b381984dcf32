// A DataTable column whose sorting follows the class declaration (src/domain/schema): a column
// the API cannot sort has no sort button. Its label is the declaration's too (react-admin reads
// resources.<name>.fields.<source>), so a column names only its source.
import { useResourceContext } from 'ra-core';
import { DataTable, type DataTableColumnProps } from 'react-admin';
import { classOfResource, sortOf } from '../../domain/schema/index.ts';

/**
 * Whether the list of this resource may be sorted by this column: a property declared sortable
 * or one of the class's own orders (undeclared resource: as react-admin).
 */
export function isSortable(resource: string | undefined, source: string | undefined): boolean {
  const decl = classOfResource(resource);
  if (!decl || !source) return decl === undefined;
  const property = decl.properties[source];
  return property ? sortOf(property) !== undefined : decl.sorts?.[source] !== undefined;
}

export function Col(props: DataTableColumnProps) {
  const resource = useResourceContext();
  return (
    <DataTable.Col
      {...props}
      disableSort={props.disableSort || !isSortable(resource, props.source)}
    />
  );
}
