// Filter inputs as a broker expects them (spec §5, §7): date ranges sent as field[after] /
// field[before] (YYYY-MM-DD), yes/no choices, multi-selects sending one entry per value.
import { DateInput, SelectInput } from 'react-admin';

/** The two bounds of a date filter: `<source>.after` and `<source>.before` become
 * `source[after]=` and `source[before]=` on the query (src/providers/dataProvider.ts). */
export function dateRangeFilters(source: string, label: string, options?: { alwaysOn?: boolean }) {
  return [
    <DateInput
      key={`${source}.after`}
      source={`${source}.after`}
      label={`${label} (à partir du)`}
      alwaysOn={options?.alwaysOn}
    />,
    <DateInput
      key={`${source}.before`}
      source={`${source}.before`}
      label={`${label} (jusqu'au)`}
      alwaysOn={options?.alwaysOn}
    />,
  ];
}

/** A yes/no filter; "Tous" sends nothing. */
export function yesNoFilter(source: string, label: string, options?: { alwaysOn?: boolean }) {
  return (
    <SelectInput
      key={source}
      source={source}
      label={label}
      alwaysOn={options?.alwaysOn}
      emptyText="Tous"
      choices={[
        { id: 'true', name: 'Oui' },
        { id: 'false', name: 'Non' },
      ]}
    />
  );
}
