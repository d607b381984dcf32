// /admin/groups/{id}: a partner access group and its organisations (spec administration §2,
// §7: GET /api/access_groups/{id}/with_organizations), with edit and delete for those who may.
// An unknown group, or another partner's, is the server's 404 in its own words.
import {
  Alert,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useRecordContext } from 'ra-core';
import { useEffect } from 'react';
import { DeleteButton, EditButton, Labeled, TextField, TopToolbar } from 'react-admin';
import { useMay } from '../../components/generic/parts.tsx';
import {
  Col,
  DerivedField,
  errorToast,
  LongDateField,
  RelatedList,
  SpecShow,
  SpecTable,
  YesNoField,
} from '../../components/list/index.ts';
import { AccessGroup } from '../../domain/schema/accessGroup.ts';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';
import type { PageProps } from '../types.ts';
import { LIST_LOAD_ERROR, userName } from '../users/userParts.ts';
import { creatorName, type Group, type GroupWithOrganizations } from './group.ts';

export const MISSING_GROUP_ID = 'Identifiant de groupe manquant';
const LOAD_ERROR = AccessGroup.messages?.loadError as string;

function Actions() {
  const mayUpdate = useMay(AccessGroup, 'update');
  const mayDelete = useMay(AccessGroup, 'delete');
  return (
    <TopToolbar>
      {mayUpdate && <EditButton />}
      {mayDelete && <DeleteButton mutationMode="pessimistic" redirect="/admin/groups/list" />}
    </TopToolbar>
  );
}

/** The group's organisations, embedded by /with_organizations. */
function Organizations({ http }: { http: HttpClient }) {
  const record = useRecordContext<Group>();
  const notify = useNotify();
  const id = record?.id;
  const { data, error, isPending } = useQuery({
    queryKey: ['accessGroups', id, 'with_organizations'],
    enabled: id !== undefined,
    retry: false,
    queryFn: async () =>
      (
        await http<GroupWithOrganizations>(
          `/api/access_groups/${encodeURIComponent(String(id))}/with_organizations`,
        )
      ).json,
  });
  useEffect(() => {
    if (error) notify(LOAD_ERROR, errorToast(LOAD_ERROR));
  }, [error, notify]);
  if (error) return <Alert severity="error">{LOAD_ERROR}</Alert>;
  if (isPending) return <Typography color="text.secondary">Chargement…</Typography>;
  const organizations = data.groupOrganizations;
  if (organizations.length === 0) {
    return <Typography>Aucune organisation dans ce groupe.</Typography>;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Organisations du groupe">
        <TableHead>
          <TableRow>
            <TableCell>Raison sociale</TableCell>
            <TableCell>SIRET</TableCell>
            <TableCell>Code postal</TableCell>
            <TableCell>Ville</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {organizations.map((o) => (
            <TableRow key={o.id}>
              <TableCell>{o.legalname}</TableCell>
              <TableCell>{o.siret ?? '—'}</TableCell>
              <TableCell>{o.postalCode ?? '—'}</TableCell>
              <TableCell>{o.addressLocality ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The users placed in the group: who keeps it from being deleted (« des utilisateurs
 * appartiennent à ce groupe »), each a link to the user.
 */
function Members() {
  return (
    <RelatedList
      reference="users"
      target="accessGroup.id"
      loadError={LIST_LOAD_ERROR}
      sort={{ field: 'lastname', order: 'ASC' }}
      empty="Aucun utilisateur dans ce groupe."
    >
      <SpecTable rowLink={(user) => `/users/${user.id}`}>
        <Col source="lastname" render={(user) => userName(user) || `#${user.id}`} />
        <Col source="username" />
        <Col source="email" />
      </SpecTable>
    </RelatedList>
  );
}

export function AccessGroupShow({ title, http = httpClient }: PageProps & { http?: HttpClient }) {
  return (
    <SpecShow
      title={title}
      recordName={(group) => group.name}
      loadError={LOAD_ERROR}
      missingId={MISSING_GROUP_ID}
    >
      <Actions />
      <Stack spacing={2} sx={{ p: 2 }}>
        <Labeled source="name">
          <TextField source="name" />
        </Labeled>
        <Labeled source="enabled">
          <YesNoField source="enabled" />
        </Labeled>
        <Labeled source="createdBy">
          <DerivedField<Group> render={creatorName} />
        </Labeled>
        <Labeled source="createdAt">
          <LongDateField source="createdAt" />
        </Labeled>
        <Typography variant="h6" component="h2">
          Organisations
        </Typography>
        <Organizations http={http} />
        <Typography variant="h6" component="h2">
          Membres
        </Typography>
        <Members />
      </Stack>
    </SpecShow>
  );
}
