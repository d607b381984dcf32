// /managers/liste: the managers in the user's scope (spec §2, §3 "manager (supervisor)"):
// name, user name, e-mail, organisation, enabled; sorted by last name (the server's order).
import { TextInput } from 'react-admin';
import {
  Col,
  LOAD_ERRORS,
  SpecList,
  SpecTable,
  YesNoField,
  yesNoFilter,
} from '../../components/list/index.ts';
import { Supervisor } from '../../domain/schema/seller.ts';
import { MemberListActions, NoMember } from '../brokers/MemberListActions.tsx';
import { type Member, memberName } from '../brokers/members.tsx';
import type { PageProps } from '../types.ts';
import { managers } from './index.ts';

const filters = [
  <TextInput key="lastname" source="employee.lastname" alwaysOn />,
  <TextInput key="username" source="username" />,
  yesNoFilter(Supervisor, 'enabled'),
];

export function ManagerList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.managers}
      sort={managers.defaultSort}
      filters={filters}
      empty={false}
      actions={<MemberListActions member="manager" />}
    >
      <SpecTable rowLink={(r) => `/managers/${r.id}`} empty={<NoMember text="Aucun manager." />}>
        <Col source="employee.lastname" render={(record) => memberName(record as Member)} />
        <Col source="username" />
        <Col source="email" disableSort />
        <Col source="employee.organization.legalname" disableSort />
        <Col source="enabled" field={YesNoField} />
      </SpecTable>
    </SpecList>
  );
}
