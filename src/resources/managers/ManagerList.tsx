// /managers/liste: the managers in the user's scope (spec §2, §3 "manager (supervisor)"):
// name, user name, e-mail, organisation, enabled; sorted by last name (the server's order).
import { MemberList } from '../brokers/MemberList.tsx';
import type { PageProps } from '../types.ts';

export const ManagerList = ({ title }: PageProps) => <MemberList title={title} member="manager" />;
