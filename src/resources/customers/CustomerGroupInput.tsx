// The customer-group filter (spec §3 "customer groups exist (list)", §7 GET /api/customersGroups):
// its options come from the cached option list (3 h per user, src/resources/api.ts); when they
// cannot be loaded, the toast of spec §8 and no options.
import { useGetList, useNotify } from 'ra-core';
import { SelectInput } from 'react-admin';
import { errorToast, LOAD_ERRORS } from '../../components/list/index.ts';

interface CustomerGroup {
  id: number;
  label: string | null;
}

export function CustomerGroupInput({
  source,
  label,
}: {
  source: string;
  /** By default the label of the source in the resource (resources.<name>.fields). */
  label?: string;
  alwaysOn?: boolean;
}) {
  const notify = useNotify();
  const { data, isPending } = useGetList<CustomerGroup>(
    'customersGroups',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'label', order: 'ASC' } },
    {
      retry: false,
      onError: () => notify(LOAD_ERRORS.customerGroups, errorToast(LOAD_ERRORS.customerGroups)),
    },
  );
  return (
    <SelectInput
      source={source}
      label={label}
      choices={(data ?? []).map((g) => ({ id: g.id, name: g.label ?? String(g.id) }))}
      isPending={isPending}
      emptyText="Tous"
    />
  );
}
