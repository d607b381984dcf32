import { Box, type Theme, useMediaQuery } from '@mui/material';
import { type SortPayload, useListContext, useNotify, useResourceContext } from 'ra-core';
import { type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { FilterButton, List, ListActions, type ListProps } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSortable } from '../../domain/schema/index.ts';
import {
  type LiveTopic,
  useClassLiveUpdates,
  useLiveUpdates,
} from '../../providers/liveUpdates.ts';
import { displayedOf, FilterDefaults, hasDefaults } from './FilterDefaults.tsx';
import { FiltersToggle } from './FiltersToggle.tsx';
import { ListStatus } from './ListStatus.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { SpecPagination } from './SpecPagination.tsx';

/** The filter inputs' form in the list's toolbar. */
const FILTER_FORM = '& .RaList-actions > form';

/** Whether some filter input is offered through "add a filter" (not shown at all times). */
const hasTogglableFilter = (filters: ListProps['filters']) =>
  Array.isArray(filters) &&
  filters.some((filter) => !(filter.props as { alwaysOn?: boolean }).alwaysOn);

/** Toasts of data loads: 6 s (spec §9), French message of §8 (already French: not a key). */
export const TOAST = { type: 'error', autoHideDuration: 6000 } as const;
export const errorToast = (message: string) => ({ ...TOAST, messageArgs: { _: message } });

export interface SpecListProps
  extends Omit<ListProps, 'children' | 'pagination' | 'perPage' | 'sort' | 'title'> {
  /** Page title (the declaration's route title). */
  title: string;
  /** The French message of spec §8 shown when the list cannot be loaded (LOAD_ERRORS). */
  loadError: string;
  /** Default order (the declaration's defaultSort, spec §9). */
  sort?: SortPayload;
  /** Page sizes offered; the first is the default (spec §9: 10). */
  perPageOptions?: number[];
  /** The hub topic of spec §4 the list follows (contracts, insured persons), if any. */
  live?: LiveTopic;
  children: ReactNode;
}

/**
 * On a failed load (spec §4): the table is emptied (the error replaces it), the pagination goes
 * back to page 1, the error flag is set; the toast says the French message of §8.
 */
function ResetPageOnError() {
  const { error, page, setPage } = useListContext();
  useEffect(() => {
    if (error && page !== 1) setPage(1);
  }, [error, page, setPage]);
  return null;
}

/**
 * The address a list should open instead of the one given, or null when it can be honoured: an
 * order by a column the class does not sort (an old bookmark) goes back to the default order,
 * a page size the list does not offer to its first and a page that is none (-3) to the first
 * (the data provider would send neither), and
 * an address without filters (`?page=3`, an order) starts from the list's default filters, as
 * its menu entry does, where react-admin would take none. Decided before the list asks for
 * anything, so no page of the wrong view is fetched nor shown.
 */
export function fixedAddress(
  search: string,
  list: { resource: string; fallback?: SortPayload; sizes: number[]; defaults?: object },
): string | null {
  if (search === '') return null;
  const params = new URLSearchParams(search);
  let fixed = false;
  const sort = params.get('sort');
  if (sort && !isSortable(list.resource, sort)) {
    const order = list.fallback ?? { field: 'id', order: 'ASC' };
    params.set('sort', order.field);
    params.set('order', order.order);
    fixed = true;
  }
  // A direction other than react-admin's two (an edited address) is the list's default one.
  const direction = params.get('order');
  if (direction !== null && direction !== 'ASC' && direction !== 'DESC') {
    params.set('order', list.fallback?.order ?? 'ASC');
    fixed = true;
  }
  // A page that is no whole number from 1 (-3, zz) is the first: the API would refuse it.
  const page = params.get('page');
  if (page !== null && !/^[1-9]\d*$/.test(page)) {
    params.set('page', '1');
    fixed = true;
  }
  const perPage = params.get('perPage');
  if (perPage !== null && !list.sizes.includes(Number(perPage))) {
    params.set('perPage', String(list.sizes[0]));
    fixed = true;
  }
  if (hasDefaults(list.defaults) && !params.has('filter')) {
    const defaults = list.defaults as Record<string, unknown>;
    params.set('filter', JSON.stringify(defaults));
    params.set('displayedFilters', JSON.stringify(displayedOf(defaults)));
    fixed = true;
  }
  return fixed ? params.toString() : null;
}

/**
 * Every business list of the spec, the same way: react-admin's <List> (filters, page, page size
 * and order in the URL, so a list can be bookmarked and shared), the busy / error /
 * filters-changed flags, the honest total, and the French load-error toast.
 */
export function SpecList({
  title,
  loadError,
  sort,
  perPageOptions = [10],
  queryOptions,
  actions,
  live,
  children,
  ...rest
}: SpecListProps): ReactElement | null {
  const notify = useNotify();
  const resource = useResourceContext({ resource: rest.resource }) ?? '';
  // On a phone the filters fold behind « Filtres (n) » (FiltersToggle.tsx): rows first.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [filtersShown, setFiltersShown] = useState(false);
  const foldable = small && rest.filters !== undefined && actions !== false;
  const { search } = useLocation();
  const navigate = useNavigate();
  // A list keeping its state out of the address takes its order and size from the code.
  const fixed = rest.disableSyncWithLocation
    ? null
    : fixedAddress(search, {
        resource,
        fallback: sort,
        sizes: perPageOptions,
        defaults: rest.filterDefaultValues,
      });
  useEffect(() => {
    if (fixed !== null) navigate({ search: fixed }, { replace: true });
  }, [fixed, navigate]);
  if (fixed !== null) return null;
  // In the toolbar, which stays while a failed load replaces the table: a list in error still
  // follows the changes, and refetches (recovers) at the next one or when the hub is back.
  const follow = <FollowChanges live={live} />;
  return (
    <List
      title={title}
      sort={sort}
      perPage={perPageOptions[0]}
      pagination={<SpecPagination perPageOptions={perPageOptions} />}
      // The menu entry opens the list's default view (issue 17 #8): the URL holds the current
      // filters, page and order; nothing restores the last ones from the store.
      storeKey={false}
      actions={
        actions === false ? (
          false
        ) : (
          <FilterDefaults defaults={rest.filterDefaultValues}>
            {foldable && (
              // « Add a filter » beside the toggle, not alone on a row of the list's toolbar.
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  alignSelf: 'stretch',
                }}
              >
                <FiltersToggle open={filtersShown} onToggle={() => setFiltersShown((o) => !o)} />
                {filtersShown && hasTogglableFilter(rest.filters) && (
                  <FilterButton filters={rest.filters as ReactElement[]} />
                )}
              </Box>
            )}
            {follow}
            {actions ?? <ListActions />}
          </FilterDefaults>
        )
      }
      error={
        <ListStatus>
          <ResetPageOnError />
          <LoadFailed message={loadError} />
        </ListStatus>
      }
      queryOptions={{
        ...queryOptions,
        retry: false,
        onError: () => notify(loadError, errorToast(loadError)),
      }}
      // A wide table scrolls inside its card: without these the list grows to the table's
      // width and the whole page scrolls sideways at 375 px.
      // Filters wrap in rows of inputs aligned on their baseline (992 px: no ragged stack).
      sx={(theme: Theme) => ({
        '& .RaList-main': { minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
        // From sm up only: under it react-admin stacks the toolbar in a column, which wrapping
        // would split into a second column off the screen.
        '& .RaList-actions': { gap: 1, flexWrap: { sm: 'wrap' } },
        // On a phone react-admin's create button floats over the page's bottom right corner:
        // room under the list, so that the pagination can scroll out from under it.
        '&:has(.MuiFab-root)': { pb: { xs: 10, sm: 0 } },
        // A phone's toolbar that holds only that floating button (and the folded "add a
        // filter") shows nothing: no empty strip of its own height above the list.
        '& .RaList-actions > .MuiToolbar-root': {
          [theme.breakpoints.down('sm')]: { minHeight: 0 },
        },
        // react-admin 5 gives the filter form no class of its own: the toolbar's one form.
        // Folded, the inputs do not show; the filters still apply (they live in the URL).
        [FILTER_FORM]: {
          flex: '1 1 auto',
          alignItems: 'flex-end',
          columnGap: 1,
          ...(foldable && !filtersShown ? { display: 'none' } : {}),
        },
        '& .RaFilterForm-filterFormInput': {
          maxWidth: '100%',
          '& .MuiFormControl-root': { maxWidth: '100%' },
        },
        // On a phone the list's own "add a filter" never shows: the one beside the toggle
        // serves (hidden, not unmounted: it belongs to the list's toolbar).
        ...(foldable
          ? { '& .RaList-actions .MuiToolbar-root .add-filter': { display: 'none' } }
          : {}),
      })}
      exporter={false} // spec §1: exports are ExportButtons (insureds, contracts, premiums) only
      {...rest}
    >
      <ListStatus>
        {actions === false && follow}
        {children}
      </ListStatus>
    </List>
  );
}

/**
 * The list follows its hub topic (spec §4), and, for a class the Admin area writes, its saves
 * (liveUpdates.ts).
 */
function FollowChanges({ live }: { live?: LiveTopic }) {
  const { refetch } = useListContext();
  useClassLiveUpdates(refetch);
  useLiveUpdates(live);
  return null;
}
