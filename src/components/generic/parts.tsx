// What the generic screens show of a property, from its declaration (src/domain/schema): the
// field that displays it, the input that edits it, the filter that narrows a list by it. Labels
// are never written here: react-admin reads resources.<name>.fields.<source> (i18n).
import { Box, TextField as MuiTextField, Typography } from '@mui/material';
import {
  useFieldValue,
  useGetList,
  usePermissions,
  useRecordContext,
  useResourceContext,
  useTranslateLabel,
} from 'ra-core';
import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  ChipField,
  DateInput,
  DateTimeInput,
  NumberField,
  NumberInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SelectField,
  SelectInput,
  type SelectInputProps,
  SingleFieldList,
  TextField,
  TextInput,
} from 'react-admin';
import { yesNo } from '../../domain/format.ts';
import { JSON_KEY_LABELS, OPERATION_WORDS } from '../../domain/jsonWords.ts';
import { hasAnyRole } from '../../domain/roles.ts';
import {
  type AnyClass,
  classNamed,
  classOfResource,
  defaultSortOf,
  entries,
  filterOf,
  isReadable,
  isWritable,
  type PropertyDecl,
} from '../../domain/schema/index.ts';
import type { Permissions } from '../../domain/session.ts';
import { FormattedField } from '../list/fields.tsx';
import { yesNoFilter } from '../list/filters.tsx';
import { LongDateField, YesNoField } from '../list/index.ts';
import { checksOf } from './checks.ts';

/**
 * A property's closed list of values as react-admin's choices: { id: value, name: label }; a
 * boolean's keys ('true', 'false') as the booleans the record holds.
 */
const choicesOf = (p: PropertyDecl) =>
  Object.entries(p.choices ?? {}).map(([id, name]) => ({
    id: p.type === 'boolean' ? id === 'true' : id,
    name,
  }));

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });

/** DD/MM/YYYY HH:MM:SS, in the browser's time zone: a moment, not a day (the audit journal). */
export function longDateTime(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : DATE_TIME.format(date);
}

/** An embedded value with no class of its own (a change's detail), as labelled French lines. */
function JsonField({ source }: { source: string }) {
  const value = useFieldValue({ source });
  const record = useRecordContext();
  // The names a recorded document uses for properties: those of the class it speaks of (an
  // audit event's `targetType`), else of the page's own.
  const own = useClass();
  const about = classNamed(String(record?.targetType ?? '')) ?? own;
  const labelOf = (key: string) =>
    JSON_KEY_LABELS[key] ?? (about.properties[key] as PropertyDecl | undefined)?.label ?? key;
  return <JsonValue value={value} labelOf={labelOf} />;
}

/**
 * A recorded JSON value as a reader takes it in: an object as labelled lines (nested ones
 * indented), a list of plain values on one line, yes and no, an operation by its French name.
 */
function JsonValue({
  value,
  labelOf,
  name,
}: {
  value: unknown;
  labelOf: (key: string) => string;
  name?: string;
}): ReactElement {
  if (value === undefined || value === null || value === '') return <>-</>;
  if (typeof value === 'boolean') return <>{yesNo(value)}</>;
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      // A list of property names (`changed`) reads as their labels.
      const shown = name === 'changed' ? value.map((item) => labelOf(String(item))) : value;
      return <>{shown.length ? shown.join(', ') : '-'}</>;
    }
    return (
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {value.map((item, at) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a recorded list never reorders.
          <li key={at}>
            <JsonValue value={item} labelOf={labelOf} />
          </li>
        ))}
      </Box>
    );
  }
  if (typeof value === 'object') {
    return (
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
        {Object.entries(value as Record<string, unknown>).map(([key, item]) => (
          <Box key={key} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
              {labelOf(key)} :
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
              {/* A nested object, indented under its key. */}
              <Box
                sx={
                  item !== null && typeof item === 'object' && !Array.isArray(item)
                    ? { pl: 2, borderLeft: 1, borderColor: 'divider' }
                    : undefined
                }
              >
                <JsonValue value={item} labelOf={labelOf} name={key} />
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }
  if (name === 'operation') return <>{OPERATION_WORDS[String(value)] ?? String(value)}</>;
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {String(value)}
    </Box>
  );
}

/** The class of the page's resource; the generic screens are only routed for declared ones. */
export function useClass(): AnyClass {
  const resource = useResourceContext();
  const decl = classOfResource(resource);
  if (!decl) throw new Error(`No class declaration for the resource ${resource}`);
  return decl;
}

/** Whether the signed-in user may create, update or delete records of the class. */
export function useMay(decl: AnyClass, action: 'create' | 'update' | 'delete'): boolean {
  const { permissions } = usePermissions<Permissions>();
  const roles = decl.access[action];
  return roles !== undefined && hasAnyRole(permissions?.roles ?? [], roles);
}

const targetOf = (p: PropertyDecl) =>
  p.relation && !p.relation.many ? classNamed(p.relation.target) : undefined;
/**
 * What a relation's input offers: the targets it accepts (RelationDecl.only), in the target's
 * own order (roles by label, not by id).
 */
const offeredTargets = (p: PropertyDecl, target: AnyClass) => {
  const only = p.relation?.only;
  return {
    sort: defaultSortOf(target),
    ...(only ? { filter: { [only.property]: only.equals } } : {}),
  };
};
/** The class of a to-many relation held in a link table (a profile's realms). */
const manyTargetOf = (p: PropertyDecl) =>
  p.relation?.many && p.relation.through ? classNamed(p.relation.target) : undefined;
/** Option lists of a relation: all of them at once (the API's page cap). */
const ALL = 100;

/**
 * The properties a detail shows: readable, plain or a declared relation; a list leaves out
 * the to-many ones (a cell of chips per row says little) and those not `listed`.
 */
export function shownProperties(
  decl: AnyClass,
  where: 'list' | 'detail' = 'detail',
): Array<[string, PropertyDecl]> {
  return entries(decl).filter(([name, p]) => {
    if (!isReadable(p) || name === 'id') return false;
    if (where === 'list' && p.listed === false) return false;
    if (p.relation?.many) return where === 'detail' && manyTargetOf(p) !== undefined;
    if (p.relation) return targetOf(p) !== undefined;
    // An embedded value is shown on a detail only (as JSON), never in a list's cell.
    return p.type !== 'json' || where === 'detail';
  });
}

/** The field component of a property, for a DataTable column or a detail. */
export function fieldOf(name: string, p: PropertyDecl): ReactElement {
  const many = manyTargetOf(p);
  if (many) {
    return (
      <ReferenceArrayField source={name} reference={many.resource} perPage={ALL}>
        <SingleFieldList linkType="show">
          <ChipField source={many.display ?? 'id'} size="small" />
        </SingleFieldList>
      </ReferenceArrayField>
    );
  }
  const target = targetOf(p);
  if (target) {
    return (
      <ReferenceField source={name} reference={target.resource} link="show">
        <TextField source={target.display ?? 'id'} />
      </ReferenceField>
    );
  }
  if (p.choices) return <SelectField source={name} choices={choicesOf(p)} />;
  if (p.type === 'json') return <JsonField source={name} />;
  if (p.type === 'boolean') return <YesNoField source={name} />;
  if (p.type === 'dateTime') return <FormattedField source={name} format={longDateTime} />;
  if (p.type === 'date') return <LongDateField source={name} />;
  if (p.type === 'integer' || p.type === 'decimal') {
    return <NumberField source={name} locales="fr-FR" />;
  }
  return <TextField source={name} />;
}

/**
 * A field the record keeps as it is (the class's `kept`): its value in a read-only text box,
 * with the reason under it. Unlike an input react-admin makes read-only, which it disables,
 * the box takes the focus, so that a keyboard or a screen reader reaches the reason too. The
 * form still sends the value: it holds the whole record.
 */
function KeptValue({
  source,
  property,
  reason,
}: {
  source: string;
  property: PropertyDecl;
  reason: string;
}) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translateLabel = useTranslateLabel();
  const value = record?.[source];
  return (
    <MuiTextField
      label={translateLabel({ source, resource })}
      value={property.type === 'boolean' ? yesNo(value) : String(value ?? '')}
      helperText={reason}
      slotProps={{ htmlInput: { readOnly: true } }}
      variant="filled"
      size="small"
      margin="dense"
      fullWidth
      sx={{ maxWidth: 560, mb: 1 }}
    />
  );
}

/**
 * The input of a writable property, with the checks the server makes on it. `kept`: why the
 * record keeps this field as it is (the class's `kept`): its value shown read-only, with that
 * reason, in place of the input.
 */
export function inputOf(name: string, p: PropertyDecl, kept?: string): ReactElement {
  if (kept) return <KeptValue key={name} source={name} property={p} reason={kept} />;
  const validate = checksOf(p);
  const common = { source: name, validate, fullWidth: true, sx: { maxWidth: 560 } };
  const many = manyTargetOf(p);
  if (many) {
    return (
      <ReferenceArrayInput
        key={name}
        source={name}
        reference={many.resource}
        perPage={ALL}
        {...offeredTargets(p, many)}
      >
        <AutocompleteArrayInput optionText={many.display ?? 'id'} fullWidth sx={common.sx} />
      </ReferenceArrayInput>
    );
  }
  const target = targetOf(p);
  if (target) {
    return (
      <ReferenceInput
        key={name}
        source={name}
        reference={target.resource}
        {...offeredTargets(p, target)}
      >
        <AutocompleteInput
          optionText={target.display ?? 'id'}
          validate={validate}
          fullWidth
          sx={common.sx}
        />
      </ReferenceInput>
    );
  }
  if (p.choices && p.type !== 'boolean') {
    return p.unique ? (
      <UniqueChoiceInput key={name} offered={p} {...common} />
    ) : (
      <SelectInput key={name} choices={choicesOf(p)} {...common} />
    );
  }
  switch (p.type) {
    case 'boolean':
      return <BooleanInput key={name} source={name} />;
    case 'integer':
    case 'decimal':
      return <NumberInput key={name} step={p.type === 'integer' ? 1 : 'any'} {...common} />;
    case 'date':
      return <DateInput key={name} {...common} />;
    case 'dateTime':
      return <DateTimeInput key={name} {...common} />;
    default:
      return <TextInput key={name} {...common} />;
  }
}

/**
 * A choice no two records may hold (`unique`): those another record of the list holds are
 * offered disabled, named by that record, so that a save is not refused for them.
 */
function UniqueChoiceInput({
  offered,
  source,
  ...common
}: Omit<SelectInputProps, 'choices'> & { offered: PropertyDecl; source: string }) {
  const decl = useClass();
  const record = useRecordContext();
  const { data = [] } = useGetList(decl.resource, { pagination: { page: 1, perPage: ALL } });
  const holders = new Map(
    data.filter((other) => other.id !== record?.id).map((other) => [other[source], other]),
  );
  const choices = choicesOf(offered).map((choice) => {
    const holder = holders.get(choice.id);
    if (!holder) return choice;
    const by = decl.display ? holder[decl.display] : holder.id;
    return { ...choice, name: `${choice.name}, déjà pris par « ${by} »`, disabled: true };
  });
  return <SelectInput source={source} choices={choices} {...common} />;
}

/** The inputs of a creation or edit form: every property the class lets a client write. */
export const writableProperties = (decl: AnyClass) =>
  entries(decl).filter(([, p]) => isWritable(p));

/** The list's filters: one per filtered property (not the id), the first always shown. */
export function filtersOf(decl: AnyClass): ReactElement[] {
  const out: ReactElement[] = [];
  for (const [name, p] of entries(decl)) {
    const filter = filterOf(p);
    if (!filter || name === 'id' || filter.kind === 'date' || filter.kind === 'range') continue;
    const alwaysOn = out.length === 0;
    const target = targetOf(p) ?? manyTargetOf(p);
    if (p.type === 'boolean') out.push(yesNoFilter(decl, name, { alwaysOn }));
    else if (p.choices) {
      out.push(<SelectInput key={name} source={name} choices={choicesOf(p)} alwaysOn={alwaysOn} />);
    } else if (target) {
      out.push(
        <ReferenceInput key={name} source={name} reference={target.resource} alwaysOn={alwaysOn}>
          <AutocompleteInput optionText={target.display ?? 'id'} />
        </ReferenceInput>,
      );
    } else out.push(<TextInput key={name} source={name} alwaysOn={alwaysOn} resettable />);
  }
  return out;
}

/** A plain record's name in its page title (issue 17 #4): its name or label, else its id. */
export function recordNameOf(record: Record<string, unknown>): string {
  for (const key of ['name', 'label', 'title', 'code']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return record.id === undefined || record.id === null ? '' : String(record.id);
}
