import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { Box, Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { type RaRecord, useDataProvider, useNotify } from 'ra-core';
import { useEffect, useId, useState } from 'react';
import { errorToast, LOAD_ERRORS } from '../../components/list/index.ts';
import { longDate } from '../../domain/format.ts';

// The two dropdown menus of the contract screens (spec §7 "GET /api/menus_contracts,
// /api/menus_ccn | dropdown menus"): the contract documents and the collective agreements
// (CCN), newest first (spec §9: menus by dateDebVal descending), read through the data provider
// (cached 3 h per user, src/resources/api.ts). On failure the §8 message, and the menu is empty
// (spec §8: "menu builders reset to empty on failure").

export const CONTRACT_MENUS = [
  { resource: 'menus_contracts', label: 'Documents contrats' },
  { resource: 'menus_ccn', label: 'Conventions collectives (CCN)' },
] as const;

function useMenuEntries(resource: string) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [entries, setEntries] = useState<RaRecord[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .getList(resource, {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'dateDebVal', order: 'DESC' },
        filter: {},
        signal: controller.signal,
      })
      .then(
        ({ data }) => setEntries(data),
        () => {
          if (controller.signal.aborted) return;
          setEntries([]);
          notify(LOAD_ERRORS.menus, errorToast(LOAD_ERRORS.menus));
        },
      );
    return () => controller.abort();
  }, [dataProvider, notify, resource]);
  return entries;
}

function DropdownMenu({ resource, label }: { resource: string; label: string }) {
  const entries = useMenuEntries(resource);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Button
        size="small"
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={!entries.length}
      >
        {label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {entries.map((entry) => (
          <MenuItem key={String(entry.id)} onClick={() => setAnchor(null)}>
            <ListItemText
              primary={String(entry.label ?? '')}
              secondary={entry.dateDebVal ? `Depuis le ${longDate(entry.dateDebVal)}` : undefined}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function ContractMenus() {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {CONTRACT_MENUS.map((m) => (
        <DropdownMenu key={m.resource} resource={m.resource} label={m.label} />
      ))}
    </Box>
  );
}
