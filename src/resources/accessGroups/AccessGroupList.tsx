// /admin/groups/list: the partner access groups the API lets the user see (the operator every
// group, a partner administrator its partner's; spec administration §2, §7): name, enabled,
// who created it and when, how many organisations it holds; filtered by name and enabled.
import { CreateButton, FilterButton, TextInput, TopToolbar } from 'react-admin';
import { useMay } from '../../components/generic/parts.tsx';
import {
  Col,
  LongDateField,
  SpecList,
  SpecTable,
  YesNoField,
  yesNoFilter,
} from '../../components/list/index.ts';
import { AccessGroup } from '../../domain/schema/accessGroup.ts';
import type { PageProps } from '../types.ts';
import { creatorName, type Group } from './group.ts';
import { accessGroups } from './index.ts';

const filters = [
  <TextInput key="name" source="name" alwaysOn resettable />,
  yesNoFilter(AccessGroup, 'enabled', { alwaysOn: true }),
];

function Actions() {
  const mayCreate = useMay(AccessGroup, 'create');
  return (
    <TopToolbar>
      <FilterButton />
      {mayCreate && <CreateButton label="Nouveau groupe" />}
    </TopToolbar>
  );
}

export function AccessGroupList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={AccessGroup.messages?.loadError as string}
      sort={accessGroups.defaultSort}
      perPageOptions={[10, 25, 50, 100]}
      filters={filters}
      actions={<Actions />}
    >
      <SpecTable rowLink={(r) => `/admin/groups/${r.id}`}>
        <Col source="name" />
        <Col source="enabled" field={YesNoField} />
        <Col source="createdBy" disableSort render={(record) => creatorName(record as Group)} />
        <Col source="createdAt" field={LongDateField} />
        <Col
          source="organizationCount"
          disableSort
          align="right"
          render={(record) => String((record as Group).groupOrganizations?.length ?? 0)}
        />
      </SpecTable>
    </SpecList>
  );
}
