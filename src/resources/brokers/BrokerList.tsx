// /brokers/list: the sellers in the user's scope (spec §2, §3 "Seller/broker"): name, user
// name, seller code, organisation, manager, enabled; sorted by last name (the server's order).
import { TextInput } from 'react-admin';
import {
  Col,
  LOAD_ERRORS,
  SpecList,
  SpecTable,
  YesNoField,
  yesNoFilter,
} from '../../components/list/index.ts';
import { Broker } from '../../domain/schema/seller.ts';
import type { PageProps } from '../types.ts';
import { brokers } from './index.ts';
import { MemberListActions, NoMember } from './MemberListActions.tsx';
import { type Member, managerName, memberName } from './members.tsx';

const filters = [
  <TextInput key="lastname" source="employee.lastname" alwaysOn />,
  <TextInput key="username" source="username" />,
  <TextInput key="sellerCode" source="sellerCode" />,
  yesNoFilter(Broker, 'enabled'),
];

export function BrokerList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.sellers}
      sort={brokers.defaultSort}
      filters={filters}
      empty={false}
      actions={<MemberListActions member="seller" />}
    >
      <SpecTable rowLink={(r) => `/brokers/${r.id}`} empty={<NoMember text="Aucun vendeur." />}>
        <Col source="employee.lastname" render={(record) => memberName(record as Member)} />
        <Col source="username" />
        <Col source="sellerCode" />
        <Col source="employee.organization.legalname" disableSort />
        <Col
          source="employee.managedBy"
          render={(record) => managerName(record as Member)}
          disableSort
        />
        <Col source="enabled" field={YesNoField} />
      </SpecTable>
    </SpecList>
  );
}
