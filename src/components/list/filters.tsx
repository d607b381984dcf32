// Filter inputs as a broker expects them (spec §5, §7): date ranges sent as field[after] /
// field[before] (YYYY-MM-DD), yes/no choices, multi-selects sending one entry per value.
// Their labels are the class declaration's (filterLabel).
import { DateInput, SelectInput } from 'react-admin';
import { type AnyClass, filterLabel } from '../../domain/schema/types.ts';

/** The two bounds of a date filter: `<source>.after` and `<source>.before` become
 * `source[after]=` and `source[before]=` on the query (src/providers/dataProvider.ts). */
export function dateRangeFilters(decl: AnyClass, source: string, options?: { alwaysOn?: boolean }) {
  return (['after', 'before'] as const).map((bound) => (
    <DateInput
      key={`${source}.${bound}`}
      source={`${source}.${bound}`}
      label={filterLabel(decl, source, bound)}
      alwaysOn={options?.alwaysOn}
    />
  ));
}

/** A yes/no filter, its two values named by the property's choices if any; "Tous" sends nothing. */
export function yesNoFilter(decl: AnyClass, source: string, options?: { alwaysOn?: boolean }) {
  const choices = decl.properties[source]?.choices;
  return (
    <SelectInput
      key={source}
      source={source}
      label={filterLabel(decl, source)}
      alwaysOn={options?.alwaysOn}
      emptyText="Tous"
      choices={[
        { id: 'true', name: choices?.true ?? 'Oui' },
        { id: 'false', name: choices?.false ?? 'Non' },
      ]}
    />
  );
}
