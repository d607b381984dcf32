// /brokers/list: the sellers in the user's scope (spec §2, §3 "Seller/broker"): name, user
// name, seller code, organisation, manager, enabled; sorted by last name (the server's order).
import type { PageProps } from '../types.ts';
import { MemberList } from './MemberList.tsx';

export const BrokerList = ({ title }: PageProps) => <MemberList title={title} member="seller" />;
