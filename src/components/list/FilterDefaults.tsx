// A list's default filters are its starting point, not one choice among others (issue 17 #8):
// react-admin's "remove all filters" empties them, which on the contract list drops the spec's
// default states, types and insured count. Inside this provider that entry returns to the
// defaults instead; its label says so ("Réinitialiser les filtres", src/i18n/fr.ts).
import { ListContextProvider, type ListControllerResult, useListContext } from 'ra-core';
import { type ReactNode, useMemo } from 'react';

type Filters = Record<string, unknown>;

const isEmpty = (filters: object | undefined) => !filters || Object.keys(filters).length === 0;
export const hasDefaults = (defaults: object | undefined) => !isEmpty(defaults);

/** The filters shown as inputs for these values (each default gets its input). */
export const displayedOf = (filters: Filters) =>
  Object.fromEntries(Object.keys(filters).map((source) => [source, true]));

export function FilterDefaults({
  defaults,
  children,
}: {
  defaults: object | undefined;
  children: ReactNode;
}) {
  const list = useListContext();
  const value = useMemo<ListControllerResult>(() => {
    if (isEmpty(defaults)) return list;
    const reset = defaults as Filters;
    return {
      ...list,
      setFilters: (filters, displayed, ...rest) =>
        isEmpty(filters)
          ? list.setFilters(reset, displayedOf(reset))
          : list.setFilters(filters, displayed, ...rest),
    } as ListControllerResult;
  }, [list, defaults]);
  return <ListContextProvider value={value}>{children}</ListContextProvider>;
}
