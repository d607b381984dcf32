import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import {
  Box,
  Button,
  Card,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import {
  type RaRecord,
  RecordContextProvider,
  useListContext,
  useResourceContext,
  useStore,
  useTranslateLabel,
} from 'ra-core';
import {
  Children,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useState,
} from 'react';
import { DataTable, type DataTableProps } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { type ColProps, cellContent, type RowLinkFn } from './Col.tsx';
import { RowLink } from './RowLink.tsx';

// biome-ignore lint/suspicious/noExplicitAny: rows of any record type
export interface SpecTableProps<R extends RaRecord = any>
  extends Omit<DataTableProps<R>, 'rowClick' | 'children'> {
  /** Where a row leads: the row's click AND a real link in its first visible column. */
  rowLink?: RowLinkFn<R>;
  /** The column carrying the row's link (default: the first visible one), e.g. a file's name
   * rather than its number. */
  linkSource?: string;
  /** Offer the column chooser ("Colonnes"); on by default from 6 columns. */
  chooseColumns?: boolean;
  /**
   * What a card shows on a phone besides its title: the next N visible columns (default 4), or
   * the columns named, in that order (an import's status and counts rather than its comment).
   */
  cardColumns?: number | readonly string[];
  /** The columns: `Col` elements. */
  children: ReactNode;
}

/** The id react-admin's column chooser stores a column under: its source, else its label. */
const columnKey = (props: ColProps) =>
  props.source ?? (typeof props.label === 'string' ? props.label : undefined);

/** The columns in display order (the chooser may reorder them), without the hidden ones. */
function visibleColumns(children: ReactNode, hidden: string[], ranks: number[] | undefined) {
  const all = Children.toArray(children).filter(isValidElement) as ReactElement<ColProps>[];
  const ordered = ranks
    ? [...ranks.filter((i) => i < all.length), ...all.keys()]
        .filter((i, at, list) => list.indexOf(i) === at)
        .map((i) => all[i])
    : all;
  return { all, visible: ordered.filter((c) => !hidden.includes(columnKey(c.props) ?? '')) };
}

/**
 * A wide table scrolls inside its card, never the page: a visible scrollbar, and shadows on
 * the side(s) where columns are out of sight (background-attachment: local over scroll).
 */
export const SCROLL_SX = (theme: Theme) => {
  const paper = theme.palette.background.paper;
  return {
    width: '100%',
    maxWidth: '100%',
    overflowX: 'auto',
    background: [
      `linear-gradient(to right, ${paper} 30%, transparent) left center / 40px 100% no-repeat local`,
      `linear-gradient(to left, ${paper} 30%, transparent) right center / 40px 100% no-repeat local`,
      'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.25), transparent) left center / 14px 100% no-repeat scroll',
      'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.25), transparent) right center / 14px 100% no-repeat scroll',
      paper,
    ].join(', '),
    '&::-webkit-scrollbar': { height: 10 },
    '&::-webkit-scrollbar-track': { backgroundColor: theme.palette.action.hover },
    '&::-webkit-scrollbar-thumb': { backgroundColor: theme.palette.grey[500], borderRadius: 5 },
    // 12 px aside each cell, not MUI's 16: a list's default columns fit a 1366 px laptop.
    '& .MuiTableCell-root': { px: 1.5 },
    // The cells let the shadows through; a focused or hovered row stays visible.
    '& .RaDataTable-table, & .MuiTableCell-root': { backgroundColor: 'transparent' },
    '& tbody tr:focus-within': { backgroundColor: theme.palette.action.hover },
  } as const;
};

/** A column's French label, as its header says it. */
function useColumnLabel() {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  return (props: ColProps): ReactNode =>
    typeof props.label === 'string' || !props.label
      ? translateLabel({ label: props.label as string | undefined, resource, source: props.source })
      : props.label;
}

/**
 * The column chooser ("Colonnes"): a menu of checkable columns, read and written where
 * react-admin's DataTable reads its hidden columns (`storeKey`), so a choice lasts. The menu is
 * mounted only while open (react-admin's ColumnsButton keeps its switches in the page, whose
 * labels then double every filter named like a column). The last visible column stays.
 */
function ColumnChooser({
  columns,
  storeKey,
  defaults,
}: {
  columns: ReactElement<ColProps>[];
  storeKey: string;
  defaults: string[];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hidden, setHidden] = useStore<string[]>(storeKey, defaults);
  const labelOf = useColumnLabel();
  const keys = columns.map((c) => columnKey(c.props)).filter((k): k is string => !!k);
  const shownCount = keys.filter((k) => !hidden.includes(k)).length;
  const menuId = `${storeKey}-columns`;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewWeekIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Colonnes
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {columns.map((c) => {
          const key = columnKey(c.props);
          if (!key) return null;
          const shown = !hidden.includes(key);
          return (
            <MenuItem
              key={key}
              role="menuitemcheckbox"
              aria-checked={shown}
              disabled={shown && shownCount <= 1}
              onClick={() => setHidden(shown ? [...hidden, key] : hidden.filter((k) => k !== key))}
              sx={{ py: 0 }}
            >
              <ListItemIcon>
                {shown ? <CheckBoxIcon color="primary" /> : <CheckBoxOutlineBlankIcon />}
              </ListItemIcon>
              <ListItemText primary={labelOf(c.props)} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={() => setHidden(defaults)}>Colonnes par défaut</MenuItem>
      </Menu>
    </>
  );
}

function Cards({
  columns,
  rowLink,
  cardColumns,
}: {
  columns: ReactElement<ColProps>[];
  rowLink?: RowLinkFn;
  cardColumns: number | readonly string[];
}) {
  const { data, isPending, error } = useListContext();
  const labelOf = useColumnLabel();
  const navigate = useNavigate();
  if (isPending || error || !data) return null;
  if (data.length === 0) return <Typography sx={{ p: 2 }}>Aucun résultat.</Typography>;
  const [first, ...rest] = columns;
  const shown =
    typeof cardColumns === 'number'
      ? rest.slice(0, cardColumns)
      : cardColumns.flatMap((source) => rest.filter((c) => columnKey(c.props) === source));
  return (
    <Box
      component="ul"
      className="SpecTable-cards"
      sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}
    >
      {data.map((record: RaRecord) => {
        const href = rowLink?.(record);
        const title = first ? cellContent(first.props, record) : String(record.id);
        return (
          <RecordContextProvider key={record.id} value={record}>
            {/* Like a table row, the whole card opens the detail on a click; its title is the
                link the keyboard reaches. */}
            <Card
              component="li"
              variant="outlined"
              onClick={href ? () => navigate(href) : undefined}
              sx={{ p: 1.5, cursor: href ? 'pointer' : undefined }}
            >
              <Typography component="div" variant="subtitle1">
                {href ? <RowLink to={href}>{title}</RowLink> : title}
              </Typography>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(6rem, auto) 1fr',
                  columnGap: 1,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0, overflowWrap: 'anywhere' },
                }}
              >
                {shown.map((c) => (
                  <Box key={columnKey(c.props)} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2">
                      {labelOf(c.props)}
                    </Typography>
                    <Typography component="dd" variant="body2">
                      {cellContent(c.props, record)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Card>
          </RecordContextProvider>
        );
      })}
    </Box>
  );
}

/** No hidden column, one array for every render (the store's default value). */
const NONE: string[] = [];

/**
 * Every table of the screens (issue 17): react-admin's DataTable whose rows are real links
 * (`rowLink`), inside a scroll container of its own, with the column chooser for wide tables
 * (ColumnChooser; `hiddenColumns`: hidden by default; the choice is kept under `storeKey`),
 * and on a phone (under `sm`) a list of cards: the link column as the title, the next visible
 * columns below.
 */
// biome-ignore lint/suspicious/noExplicitAny: rows of any record type
export function SpecTable<R extends RaRecord = any>({
  rowLink,
  linkSource,
  chooseColumns,
  cardColumns = 4,
  hiddenColumns = NONE,
  storeKey: storeKeyProp,
  children,
  bulkActionButtons = false,
  ...rest
}: SpecTableProps<R>) {
  const resource = useResourceContext();
  const storeKey = storeKeyProp ?? `${resource}.datatable`;
  const [hidden] = useStore<string[]>(storeKey, hiddenColumns);
  const [ranks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { all, visible } = visibleColumns(children, hidden ?? hiddenColumns, ranks);
  const linked = rowLink
    ? (visible.find((c) => linkSource !== undefined && columnKey(c.props) === linkSource) ??
      visible[0])
    : undefined;
  const columns = rowLink ? all.map((c) => (c === linked ? cloneElement(c, { rowLink }) : c)) : all;
  const chooser = (chooseColumns ?? all.length >= 6) && !small;

  if (small) {
    // The card's title is the link column; the others follow in their order.
    const cards = linked ? [linked, ...visible.filter((c) => c !== linked)] : visible;
    return <Cards columns={cards} rowLink={rowLink} cardColumns={cardColumns} />;
  }
  return (
    <>
      {chooser && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
          <ColumnChooser columns={all} storeKey={storeKey} defaults={hiddenColumns} />
        </Box>
      )}
      <Box className="SpecTable-scroll" sx={SCROLL_SX}>
        <DataTable
          {...rest}
          bulkActionButtons={bulkActionButtons}
          storeKey={storeKey}
          hiddenColumns={hiddenColumns}
          rowClick={
            rowLink ? (_id, _resource, record) => rowLink(record) ?? false : (false as const)
          }
        >
          {columns}
        </DataTable>
      </Box>
    </>
  );
}
