import { LinearProgress } from '@mui/material';
import { useListContext } from 'ra-core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * The three flags every list tracks (spec partner-extranet §4): busy while a page loads, error
 * when the last load failed, filters-changed from a filter change until the next load ends.
 * Exposed as data attributes (for tests and styling) and as a visible progress bar.
 */
export function ListStatus({ children }: { children: ReactNode }) {
  const { isFetching, error, filterValues } = useListContext();
  const filters = JSON.stringify(filterValues ?? {});
  const previous = useRef(filters);
  const [filtersChanged, setFiltersChanged] = useState(false);

  useEffect(() => {
    if (previous.current !== filters) {
      previous.current = filters;
      setFiltersChanged(true);
    }
  }, [filters]);
  useEffect(() => {
    if (!isFetching) setFiltersChanged(false);
  }, [isFetching]);

  return (
    <div
      className="list-status"
      data-busy={isFetching ? 'true' : 'false'}
      data-error={error ? 'true' : 'false'}
      data-filters-changed={filtersChanged ? 'true' : 'false'}
      aria-busy={isFetching}
    >
      <LinearProgress
        aria-label="Chargement des résultats"
        sx={{ visibility: isFetching ? 'visible' : 'hidden', height: 3 }}
      />
      {children}
    </div>
  );
}
