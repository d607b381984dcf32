import { type SortPayload, useGetList, useNotify } from 'ra-core';
import { SelectArrayInput } from 'react-admin';
import { errorToast } from '../../components/list/index.ts';

// A multi-select filter whose choices come from one of the API's option lists (spec §7:
// /api/contratStates, /api/products_with_contract, ...), cached 3 h per user by the data
// provider (src/resources/api.ts). Sent as one `source[]` entry per value (spec §5).

export interface OptionsInputProps {
  /** The filter name sent to /api/contrats. */
  source: string;
  label: string;
  /** The option list (a cached resource of src/resources/api.ts). */
  options: string;
  sort: SortPayload;
  /** The text of a choice. */
  optionText: (record: Record<string, unknown>) => string;
  /** Only these ids are offered (the state filter shows 1, 2 and 4: spec §3). */
  only?: readonly (string | number)[];
  /** French message of spec §8 when the option list cannot be read. */
  loadError: string;
  alwaysOn?: boolean;
}

export function OptionsInput({
  source,
  label,
  options,
  sort,
  optionText,
  only,
  loadError,
}: OptionsInputProps) {
  const notify = useNotify();
  const { data, isPending } = useGetList(
    options,
    { pagination: { page: 1, perPage: 100 }, sort },
    { retry: false, onError: () => notify(loadError, errorToast(loadError)) },
  );
  const choices = (data ?? [])
    .filter((record) => !only || only.includes(record.id as string | number))
    .map((record) => ({ id: record.id, name: optionText(record) }));
  return (
    <SelectArrayInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      sx={{ minWidth: 180 }}
    />
  );
}
