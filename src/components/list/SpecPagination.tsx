import { Pagination, useListContext } from 'react-admin';
import { count } from '../../domain/format.ts';

/** react-admin's total past the server's counting cap (docs/api.md "Totals and deep pages"). */
export const isLowerBoundTotal = (meta: unknown) =>
  (meta as { totalIsLowerBound?: boolean } | undefined)?.totalIsLowerBound === true;

/**
 * Page size choices (spec §9: 10; contracts 10, 25, 50, 100) and an honest total: past 10,000
 * the server stops counting, and the label says "plus de 10 000". Nothing after a failed load.
 */
export function SpecPagination({ perPageOptions = [10] }: { perPageOptions?: number[] }) {
  const { meta, error, total } = useListContext() as ReturnType<typeof useListContext> & {
    meta?: unknown;
  };
  // A failed load has no total (react-admin would say "1-10 sur -1"): LoadFailed says why.
  if (error || (typeof total === 'number' && total < 0)) return null;
  const lowerBound = isLowerBoundTotal(meta);
  const labelDisplayedRows = ({
    from,
    to,
    count: total,
  }: {
    from: number;
    to: number;
    count: number;
  }) => `${count(from)}-${count(to)} sur ${lowerBound ? `plus de ${count(total)}` : count(total)}`;
  // Passed through to MUI's TablePagination (react-admin's props type does not list it).
  const passThrough = { labelDisplayedRows } as object;
  return (
    <Pagination
      rowsPerPageOptions={perPageOptions.length > 1 ? perPageOptions : []}
      {...passThrough}
    />
  );
}
