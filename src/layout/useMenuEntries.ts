import { usePermissions } from 'ra-core';
import { useMemo } from 'react';
import { buildMenu, type MenuEntry } from '../domain/menu.ts';
import type { Permissions } from '../domain/session.ts';
import { DECLARATIONS } from '../resources/index.ts';

/** The side-menu entries the signed-in user sees (spec partner-extranet §2). */
export function useMenuEntries(): { entries: MenuEntry[]; isPending: boolean } {
  const { permissions, isPending } = usePermissions<Permissions>();
  const entries = useMemo(() => buildMenu(DECLARATIONS, permissions), [permissions]);
  return { entries, isPending };
}

/** The icon of the declaration behind a menu entry. */
export const iconOf = (key: string) => DECLARATIONS.find((d) => d.name === key)?.icon;
