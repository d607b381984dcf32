import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { type ComponentType, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isInSubmenu, type MenuEntry } from '../domain/menu.ts';
import { MenuLink } from './MenuLink.tsx';

/**
 * An entry with sub-entries (Utilisateurs, spec partner-extranet §2): a button that shows or
 * hides them, open by itself while the current route is one of them.
 */
export function SubMenu({ entry, icon: Icon }: { entry: MenuEntry; icon?: ComponentType }) {
  const { pathname } = useLocation();
  const inside = isInSubmenu(entry, pathname);
  const [open, setOpen] = useState(inside);
  // Arriving on one of the sub-entries opens the submenu (adjusting state during render, as
  // React recommends over an effect); leaving it keeps the user's last choice.
  const [wasInside, setWasInside] = useState(inside);
  if (inside !== wasInside) {
    setWasInside(inside);
    if (inside) setOpen(true);
  }
  const listId = useId();

  return (
    <>
      <ListItemButton
        data-menu-entry={entry.label}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        sx={{ pl: 2 }}
      >
        {Icon && (
          <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
            <Icon />
          </ListItemIcon>
        )}
        <ListItemText primary={entry.label} />
        {open ? <ExpandLess aria-hidden="true" /> : <ExpandMore aria-hidden="true" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {entry.children.map((child) => (
            <ListItem key={child.path} disablePadding>
              <MenuLink label={child.label} path={child.path} nested />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </>
  );
}
