// A figure of a dashboard: its title, its chart (MUI X Charts) for the eye, and the same numbers
// as a table for screen readers and for copying (spec administration §2 dashboards; issue 14,
// "each figure also readable as text"). The chart is hidden from assistive technologies, the
// table is not, and a button shows it to everyone.
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';

/** Read by screen readers, not shown (MUI's visuallyHidden). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface FigureColumn<Row> {
  label: string;
  value(row: Row): string;
  numeric?: boolean;
}

interface FigureProps<Row> {
  title: string;
  /** One sentence that says what the figure shows (its table's caption). */
  summary: string;
  chart: ReactNode;
  columns: readonly FigureColumn<Row>[];
  rows: readonly Row[];
}

export function Figure<Row>({ title, summary, chart, columns, rows }: FigureProps<Row>) {
  const [shown, setShown] = useState(false);
  const tableId = useId();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {title}
        </Typography>
        {/* Inert, not only aria-hidden: the chart's own focusable parts leave the tab order too;
            its table below is what assistive technologies read. */}
        <Box inert sx={{ width: '100%' }}>
          {chart}
        </Box>
        <Button
          size="small"
          onClick={() => setShown((s) => !s)}
          aria-expanded={shown}
          aria-controls={tableId}
        >
          {shown ? 'Masquer les chiffres' : 'Voir les chiffres'}
        </Button>
        {/* Hidden, the table is clipped by its box (a table is never narrower than its cells,
            a 1 px table would widen the page); shown, it scrolls inside the card. */}
        <Box sx={shown ? { width: '100%', overflowX: 'auto', mt: 1 } : visuallyHidden}>
          <Box component="table" id={tableId} sx={{ width: '100%', borderCollapse: 'collapse' }}>
            <caption style={{ textAlign: 'left' }}>{summary}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" style={{ textAlign: c.numeric ? 'right' : 'left' }}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are figures, in their order.
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.label} style={{ textAlign: c.numeric ? 'right' : 'left' }}>
                      {c.value(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

export const count = (n: number) => n.toLocaleString('fr-FR');
/** '1 connexion', '0 connexion', '3 connexions' (French: the plural from 2). */
export const plural = (n: number, noun: string) => `${count(n)} ${noun}${n >= 2 ? 's' : ''}`;
export const euros = (n: number) =>
  n.toLocaleString('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('fr-FR', { notation: 'compact' });
/** A value axis of whole numbers, in French ('1,5 M', not '1,500,000'). */
export const numberAxis = {
  min: 0,
  tickMinStep: 1,
  valueFormatter: (value: number | null) => (value == null ? '' : compact.format(value)),
};
/** '2026-11-25' -> '25/11' */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
