import { type RaRecord, type SortPayload, useDataProvider, useNotify } from 'ra-core';
import { useEffect, useState } from 'react';
import { SelectArrayInput } from 'react-admin';
import { errorToast } from '../../components/list/index.ts';

// A multi-select filter whose choices come from one of the API's option lists (spec §7:
// /api/contratStates, /api/products_with_contract, ...), cached 3 h per user by the data
// provider (src/resources/api.ts). Sent as one `source[]` entry per value (spec §5).

export interface OptionsInputProps {
  /** The filter name sent to /api/contrats. */
  source: string;
  /** Its resource's field label (src/domain/schema) unless given. */
  label?: string;
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

/** The API serves at most 100 rows a page: an option list is read to its end (a few pages). */
const OPTION_PAGE = 100;
const MAX_PAGES = 20;

/** Every option of the list; the data provider keeps the pages 3 h per user (src/resources/api.ts). */
function useAllOptions(options: string, sort: SortPayload) {
  const dataProvider = useDataProvider();
  const [state, setState] = useState<{ data?: RaRecord[]; error?: unknown }>({});
  const { field, order } = sort;
  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const all: RaRecord[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const { data, total } = await dataProvider.getList(options, {
          pagination: { page, perPage: OPTION_PAGE },
          sort: { field, order },
          filter: {},
          signal: controller.signal,
        });
        all.push(...data);
        if (data.length < OPTION_PAGE || all.length >= (total ?? 0)) break;
      }
      return all;
    })().then(
      (data) => setState({ data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error });
      },
    );
    return () => controller.abort();
  }, [dataProvider, options, field, order]);
  return { data: state.data, error: state.error, isPending: !state.data && !state.error };
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
  const { data, isPending, error } = useAllOptions(options, sort);
  useEffect(() => {
    if (error) notify(loadError, errorToast(loadError));
  }, [error, loadError, notify]);
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
