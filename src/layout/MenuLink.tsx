import { ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';

interface Props {
  label: string;
  path: string;
  icon?: ComponentType;
  /** Top-level entries carry `data-menu-entry` (read by the end-to-end tests); sub-entries not. */
  topLevel?: boolean;
  nested?: boolean;
}

/** One link of the side menu; NavLink marks the current page with aria-current="page". */
export function MenuLink({ label, path, icon: Icon, topLevel = false, nested = false }: Props) {
  return (
    <ListItemButton
      component={NavLink}
      to={path}
      end
      data-menu-entry={topLevel ? label : undefined}
      sx={{
        pl: nested ? 7 : 2,
        '&.active': { bgcolor: 'action.selected', fontWeight: 600, color: 'primary.main' },
      }}
    >
      {Icon && (
        <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
          <Icon />
        </ListItemIcon>
      )}
      <ListItemText primary={label} />
    </ListItemButton>
  );
}
