// The sellers' and managers' lists (spec §2, §3 "Seller/broker" and "manager (supervisor)"):
// name, user name, the seller's code or the manager's e-mail, organisation, the seller's
// manager, enabled; sorted by last name (the server's order).
import { TextInput } from 'react-admin';
import {
  Col,
  LOAD_ERRORS,
  SpecList,
  SpecTable,
  YesNoField,
  yesNoFilter,
} from '../../components/list/index.ts';
import { Broker, Supervisor } from '../../domain/schema/seller.ts';
import { managers } from '../managers/index.ts';
import type { PageProps } from '../types.ts';
import { brokers } from './index.ts';
import { MemberListActions, NoMember } from './MemberListActions.tsx';
import { type Member, managerName, memberName } from './members.tsx';

/** The filters both lists open with: the last name (always shown), then the user name. */
const NAME_FILTERS = [
  <TextInput key="lastname" source="employee.lastname" alwaysOn />,
  <TextInput key="username" source="username" />,
];

const MEMBERS = {
  seller: {
    path: '/brokers',
    loadError: LOAD_ERRORS.sellers,
    sort: brokers.defaultSort,
    none: 'Aucun vendeur.',
    filters: [
      ...NAME_FILTERS,
      <TextInput key="sellerCode" source="sellerCode" />,
      yesNoFilter(Broker, 'enabled'),
    ],
  },
  manager: {
    path: '/managers',
    loadError: LOAD_ERRORS.managers,
    sort: managers.defaultSort,
    none: 'Aucun manager.',
    filters: [...NAME_FILTERS, yesNoFilter(Supervisor, 'enabled')],
  },
};

export function MemberList({ title, member }: PageProps & { member: 'seller' | 'manager' }) {
  const { path, loadError, sort, none, filters } = MEMBERS[member];
  const seller = member === 'seller';
  return (
    <SpecList
      title={title}
      loadError={loadError}
      sort={sort}
      filters={filters}
      empty={false}
      actions={<MemberListActions member={member} />}
    >
      <SpecTable rowLink={(r) => `${path}/${r.id}`} empty={<NoMember text={none} />}>
        <Col source="employee.lastname" render={(record) => memberName(record as Member)} />
        <Col source="username" />
        {seller ? <Col source="sellerCode" /> : <Col source="email" disableSort />}
        <Col source="employee.organization.legalname" disableSort />
        {seller && (
          <Col
            source="employee.managedBy"
            render={(record) => managerName(record as Member)}
            disableSort
          />
        )}
        <Col source="enabled" field={YesNoField} />
      </SpecTable>
    </SpecList>
  );
}
