import { Box, Typography } from '@mui/material';
import { type SortPayload, useListContext, useNotify } from 'ra-core';
import type { ReactNode } from 'react';
import { ReferenceManyField } from 'react-admin';
import { ListStatus } from './ListStatus.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { errorToast } from './SpecList.tsx';
import { SpecPagination } from './SpecPagination.tsx';

export interface RelatedListProps {
  /** The related collection (a resource of src/resources/api.ts, e.g. 'cotisations'). */
  reference: string;
  /** The filter naming the parent (spec §7: 'contrat.id', 'customerPortfolios.broker', ...). */
  target: string;
  /** The parent's id; by default the id of the record in context (the detail's). */
  id?: string | number;
  /** A per-parent path instead of the filter, e.g. `/api/insureds/${id}/beneficiaires`. */
  path?: string;
  /** French message of spec §8 (LOAD_ERRORS). */
  loadError: string;
  sort?: SortPayload;
  perPage?: number;
  /** Extra fixed filters. */
  filter?: Record<string, unknown>;
  /** The table: a SpecTable (row links, column chooser, cards on a phone). */
  children: ReactNode;
  empty?: string;
  /** Above the table, inside the list context, shown even when empty or failed (live updates,
   * export buttons). */
  toolbar?: ReactNode;
}

function EmptyOrError({
  loadError,
  empty,
  children,
}: {
  loadError: string;
  empty: string;
  children: ReactNode;
}) {
  const { error, total, isPending } = useListContext();
  if (error) return <LoadFailed message={loadError} />;
  if (!isPending && total === 0) {
    return <Typography sx={{ p: 2 }}>{empty}</Typography>;
  }
  return <>{children}</>;
}

/**
 * A related list on a detail (spec §2: contracts of a customer, premiums of an insured...):
 * paged, sorted, with the same flags and error message as the main lists.
 */
export function RelatedList({
  reference,
  target,
  id,
  path,
  loadError,
  sort,
  perPage = 10,
  filter,
  children,
  empty = 'Aucun résultat.',
  toolbar,
}: RelatedListProps) {
  const notify = useNotify();
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <ReferenceManyField
        reference={reference}
        // react-admin refuses an empty target (no request at all); with a path the data
        // provider sends no target filter, whatever the target says.
        target={target || 'id'}
        source="id"
        record={id === undefined ? undefined : { id }}
        sort={sort}
        perPage={perPage}
        filter={filter}
        pagination={<SpecPagination />}
        queryOptions={{
          retry: false,
          meta: path ? { path } : undefined,
          onError: () => notify(loadError, errorToast(loadError)),
        }}
      >
        <ListStatus>
          {toolbar}
          <EmptyOrError loadError={loadError} empty={empty}>
            {children}
          </EmptyOrError>
        </ListStatus>
      </ReferenceManyField>
    </Box>
  );
}
