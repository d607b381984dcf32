// /users/list (spec administration §2, §3 "User", §9): the accounts in the administrator's scope,
// by id ascending, 10 per page (25, 50, 100 offered); each row's name a real link to its detail.
import { useRecordContext } from 'ra-core';
import {
  AutocompleteInput,
  CreateButton,
  FilterButton,
  ReferenceInput,
  SelectInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { Col, SpecList, SpecTable, yesNoFilter } from '../../components/list/index.ts';
import { filterLabel } from '../../domain/schema/types.ts';
import { User } from '../../domain/schema/user.ts';
import type { PageProps } from '../types.ts';
import { EnabledChip } from './EnabledChip.tsx';
import { users } from './index.ts';
import { LIST_LOAD_ERROR, lastSignIn, type UserShown, userName } from './userParts.ts';

interface UserRow extends UserShown {
  id: number;
  email?: string | null;
  enabled?: boolean;
  lastLogged?: string | null;
  profileRealm?: { profile?: { name?: string } } | null;
  organization?: { legalname?: string } | null;
  pole?: { label?: string } | null;
}

const filters = [
  <TextInput key="lastname" source="lastname" alwaysOn resettable />,
  <TextInput key="username" source="username" resettable />,
  <TextInput key="email" source="email" resettable />,
  <ReferenceInput
    key="profile"
    source="profile"
    reference="profiles"
    label={filterLabel(User, 'profile')}
    sort={{ field: 'name', order: 'ASC' }}
    perPage={100}
  >
    <SelectInput label={filterLabel(User, 'profile')} optionText="name" emptyText="Tous" />
  </ReferenceInput>,
  <ReferenceInput
    key="organization"
    source="organization"
    reference="organizations"
    sort={{ field: 'legalname', order: 'ASC' }}
  >
    <AutocompleteInput
      optionText="legalname"
      filterToQuery={(legalname: string) => ({ legalname })}
    />
  </ReferenceInput>,
  <ReferenceInput
    key="pole"
    source="pole"
    reference="poles"
    sort={{ field: 'label', order: 'ASC' }}
    perPage={100}
  >
    <SelectInput optionText="label" emptyText="Tous" />
  </ReferenceInput>,
  yesNoFilter(User, 'enabled'),
];

function Enabled() {
  const user = useRecordContext<UserRow>();
  return user ? <EnabledChip enabled={user.enabled} /> : null;
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="Ajouter" />
    </TopToolbar>
  );
}

export function UserList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LIST_LOAD_ERROR}
      sort={users.defaultSort}
      perPageOptions={[10, 25, 50, 100]}
      filters={filters}
      actions={<Actions />}
      empty={false}
    >
      {/* The pole (managers and sellers only) is offered by « Colonnes »: shown by default it
          pushed « Dernière connexion » out of a 1400 px screen. */}
      <SpecTable
        rowLink={(r) => `/users/${r.id}`}
        storeKey="users.list"
        hiddenColumns={['pole']}
        // A phone's card: who, in which organisation, and whether the account is open.
        cardColumns={['username', 'profileRealm', 'organization', 'enabled', 'lastLogged']}
      >
        <Col source="lastname" render={(user) => userName(user as UserRow) || `#${user.id}`} />
        <Col source="username" />
        <Col source="email" />
        <Col
          source="profileRealm"
          label={filterLabel(User, 'profileRealm.profile')}
          render={(user) => (user as UserRow).profileRealm?.profile?.name ?? ''}
          disableSort
        />
        <Col
          source="organization"
          render={(user) => (user as UserRow).organization?.legalname ?? ''}
          disableSort
        />
        <Col source="pole" render={(user) => (user as UserRow).pole?.label ?? ''} disableSort />
        <Col source="enabled" field={Enabled} />
        <Col source="lastLogged" render={(user) => lastSignIn((user as UserRow).lastLogged)} />
      </SpecTable>
    </SpecList>
  );
}
