import { List, ListItem } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { MenuLink } from './MenuLink.tsx';
import { SubMenu } from './SubMenu.tsx';
import { iconOf, useMenuEntries } from './useMenuEntries.ts';

/** The side menu, labelled 'Menu principal'; `extra` adds items (the overlay's logout link). */
export function SideMenu({ extra }: { extra?: ReactNode }) {
  const translate = useTranslate();
  const { entries } = useMenuEntries();
  return (
    <nav aria-label={translate('layout.menu.label')}>
      <List>
        {entries.map((entry) => (
          <ListItem key={entry.key} disablePadding sx={{ display: 'block' }}>
            {entry.children.length > 0 ? (
              <SubMenu entry={entry} icon={iconOf(entry.key)} />
            ) : (
              <MenuLink label={entry.label} path={entry.path} icon={iconOf(entry.key)} topLevel />
            )}
          </ListItem>
        ))}
        {extra}
      </List>
    </nav>
  );
}
