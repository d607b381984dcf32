// The detail of a recorded change (a class's `changeOf`: the rights history): a table of what
// differs before and after, each property under the changed class's label and each related
// record by its name, then the two snapshots as recorded, folded, for whoever needs the JSON.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetList, useRecordContext } from 'ra-core';
import type { ReactNode } from 'react';
import { Labeled } from 'react-admin';
import { isEmptyValue } from '../../domain/apiValues.ts';
import { yesNo } from '../../domain/format.ts';
import {
  changedProperties,
  isTreeChange,
  movedRights,
  type Placement,
  relatedId,
} from '../../domain/recordedChange.ts';
import { type AnyClass, classNamed, type PropertyDecl } from '../../domain/schema/index.ts';
import { fieldOf, longDateTime } from './parts.tsx';

const NONE = '-';

/**
 * The names of related records, in one request; one gone since shows as the name the change
 * recorded (`recorded`), else as its number.
 */
function NamesOf({
  target,
  ids,
  recorded,
}: {
  target: AnyClass;
  ids: (number | string)[];
  recorded?: string;
}) {
  const { data } = useGetList(target.resource, {
    filter: { id: ids },
    pagination: { page: 1, perPage: Math.min(Math.max(ids.length, 1), 100) },
  });
  const display = target.display ?? 'id';
  const names = new Map((data ?? []).map((r) => [String(r.id), r[display]]));
  // A code recorded in place of an id (a right deleted since the installation named it so)
  // shows as itself.
  const unknown = (id: number | string) => recorded ?? (typeof id === 'number' ? `n° ${id}` : id);
  return <>{ids.map((id) => names.get(String(id)) ?? unknown(id)).join(', ')}</>;
}

/** One value of a snapshot as its property shows it: a name, a label, Oui/Non, a moment. */
function ValueOf({ property, value }: { property?: PropertyDecl; value: unknown }) {
  if (isEmptyValue(value)) return <>{NONE}</>;
  const target = property?.relation ? classNamed(property.relation.target) : undefined;
  if (target) {
    const ids = (Array.isArray(value) ? value : [value])
      .map(relatedId)
      .filter((id) => id !== undefined);
    return <NamesOf target={target} ids={ids} />;
  }
  if (property?.choices) return <>{property.choices[String(value)] ?? String(value)}</>;
  if (typeof value === 'boolean') return <>{yesNo(value)}</>;
  if (property?.type === 'dateTime') return <>{longDateTime(value)}</>;
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  return <>{String(value)}</>;
}

interface ChangeRow {
  key: string | number;
  what: ReactNode;
  before: ReactNode;
  after: ReactNode;
}

/** One row per thing changed: what, before, after. */
function BeforeAfter({
  headings,
  whatHeader,
  rows,
}: {
  headings: Headings;
  whatHeader: string;
  rows: ChangeRow[];
}) {
  return (
    <Table size="small" aria-label={headings.table}>
      <TableHead>
        <TableRow>
          <TableCell>{whatHeader}</TableCell>
          <TableCell>{headings.before}</TableCell>
          <TableCell>{headings.after}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {row.what}
            </TableCell>
            <TableCell>{row.before}</TableCell>
            <TableCell>{row.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ChangesOfRecord({ changed, before, after, headings }: ChangesProps) {
  const rows = changedProperties(changed, before, after);
  if (!rows.length) return <Typography variant="body2">Aucune valeur n’a changé.</Typography>;
  return (
    <BeforeAfter
      headings={headings}
      whatHeader="Propriété"
      rows={rows.map((row) => ({
        key: row.name,
        what: row.label,
        before: <ValueOf property={row.property} value={row.before} />,
        after: <ValueOf property={row.property} value={row.after} />,
      }))}
    />
  );
}

/** A right's place: its folder (« Racine » at the top) and its order there. */
function PlaceOf({ place, folders }: { place?: Placement; folders: AnyClass }) {
  if (!place) return <>{NONE}</>;
  const order = `ordre ${place.listOrder}`;
  if (place.parent === null) return <>{`Racine, ${order}`}</>;
  return (
    <span>
      <NamesOf target={folders} ids={[place.parent]} />, {order}
    </span>
  );
}

function ChangesOfTree({ changed, before, after, headings }: ChangesProps) {
  const moves = movedRights(before, after);
  if (!changed || !moves.length) {
    return <Typography variant="body2">Aucun droit n’a changé de place.</Typography>;
  }
  return (
    <BeforeAfter
      headings={headings}
      whatHeader={changed.title}
      rows={moves.map((move) => ({
        key: move.id,
        what: <NamesOf target={changed} ids={[move.id]} recorded={move.name} />,
        before: <PlaceOf place={move.before} folders={changed} />,
        after: <PlaceOf place={move.after} folders={changed} />,
      }))}
    />
  );
}

interface Snapshots {
  before: unknown;
  after: unknown;
}

/** The declaration's words: the block's label, and the two snapshots' own labels. */
interface Headings {
  table: string;
  before: string;
  after: string;
}

type ChangesProps = Snapshots & { changed?: AnyClass; headings: Headings };

/** What the record's change did, then its snapshots as recorded (folded). */
export function RecordedChange({ decl }: { decl: AnyClass }) {
  const record = useRecordContext();
  const spec = decl.changeOf;
  if (!record || !spec) return null;
  const changed = classNamed(String(record[spec.classOf]));
  const snapshots = { before: record[spec.before], after: record[spec.after] };
  const headings = {
    table: spec.label,
    before: decl.properties[spec.before].label,
    after: decl.properties[spec.after].label,
  };
  return (
    <>
      <Labeled label={spec.label}>
        {isTreeChange(snapshots.before, snapshots.after) ? (
          <ChangesOfTree changed={changed} headings={headings} {...snapshots} />
        ) : (
          <ChangesOfRecord changed={changed} headings={headings} {...snapshots} />
        )}
      </Labeled>
      <Accordion disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography variant="body2">Enregistrement complet (JSON)</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Stack spacing={2}>
            {[spec.before, spec.after].map((name) => (
              <Labeled key={name} source={name}>
                {fieldOf(name, decl.properties[name])}
              </Labeled>
            ))}
          </Stack>
        </AccordionDetails>
      </Accordion>
    </>
  );
}
