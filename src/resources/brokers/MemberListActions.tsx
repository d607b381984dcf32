// The actions of the sellers' and managers' lists: the filters, and creation for those the
// server lets create (docs/security.md, "Creating sellers and managers").
import { Typography } from '@mui/material';
import { usePermissions } from 'ra-core';
import { CreateButton, FilterButton, TopToolbar } from 'react-admin';
import type { Permissions } from '../../domain/session.ts';
import { mayCreate } from './members.tsx';

export function MemberListActions({ member }: { member: 'seller' | 'manager' }) {
  const { permissions } = usePermissions<Permissions>();
  return (
    <TopToolbar>
      <FilterButton />
      {mayCreate(permissions?.roles ?? [], member) && <CreateButton label="Ajouter" />}
    </TopToolbar>
  );
}

/** An empty list keeps its filters and its creation button: the message sits in the table. */
export function NoMember({ text }: { text: string }) {
  return <Typography sx={{ p: 2 }}>{text}</Typography>;
}
