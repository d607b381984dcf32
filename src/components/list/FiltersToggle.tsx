// On a phone the filter inputs of a list would fill the first screen before any row (the
// contracts' five): they fold behind one button that says how many filters apply, and the
// rows come first. From `sm` up the inputs stay where they are (SpecList).
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FilterList from '@mui/icons-material/FilterList';
import { Button } from '@mui/material';
import { useListContext } from 'ra-core';
import { isEmptyValue } from '../../domain/apiValues.ts';

/** How many filters apply to the list now (those the data provider sends: not empty). */
export const activeFilterCount = (filterValues: Record<string, unknown> | undefined) =>
  Object.values(filterValues ?? {}).filter((value) => !isEmptyValue(value)).length;

/** « Filtres (3) »: shows or hides the list's filter inputs. */
export function FiltersToggle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  const count = activeFilterCount(useListContext().filterValues);
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={onToggle}
      aria-expanded={open}
      startIcon={<FilterList />}
      endIcon={open ? <ExpandLess /> : <ExpandMore />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {count ? `Filtres (${count})` : 'Filtres'}
    </Button>
  );
}
