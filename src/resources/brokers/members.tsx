// What the seller and manager screens share (spec §3 "Seller/broker and manager"): the member's
// name as people read it, its manager, who may create, and the detail's identity block.
import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { Labeled } from 'react-admin';
import { civilityLabel, yesNo } from '../../domain/format.ts';
import { Broker, Supervisor } from '../../domain/schema/seller.ts';
import { allLabels } from '../../domain/schema/types.ts';

export interface Member {
  id: number;
  username?: string;
  email?: string | null;
  enabled?: boolean;
  sellerCode?: string | null;
  userType?: { id: number; label: string | null };
  employee?: {
    civility?: number | null;
    firstname?: string;
    lastname?: string;
    jobFunction?: string | null;
    organization?: { id: number; legalname: string } | null;
    managedBy?: { id: number; firstname: string; lastname: string } | null;
  };
}

/** 'Mme Claire Martin' (the civility only when known). */
export function memberName(member: Member | undefined): string {
  const employee = member?.employee;
  if (!employee) return member?.username ?? '';
  return [civilityLabel(employee.civility), employee.firstname, employee.lastname]
    .filter(Boolean)
    .join(' ');
}

export function managerName(member: Member | undefined): string {
  const manager = member?.employee?.managedBy;
  return manager ? `${manager.firstname} ${manager.lastname}`.trim() : '';
}

/** Who may open /brokers/create and /managers/create (server rule, docs/security.md). */
export function mayCreate(roles: readonly string[], member: 'seller' | 'manager'): boolean {
  if (roles.includes('PROFILE_ADMIN_AGEO') || roles.includes('PROFILE_ADMIN_PARTNER')) return true;
  return (
    member === 'seller' && roles.includes('PROFILE_MANAGER') && !roles.includes('PROFILE_GROUP')
  );
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <Labeled label={label}>
      <Typography variant="body2">{value || '-'}</Typography>
    </Labeled>
  );
}

/** The labels of each class, as its declaration gives them. */
const LABELS = { seller: allLabels(Broker), manager: allLabels(Supervisor) };

/** The identity block of a seller's or manager's detail. */
export function MemberIdentity({ member }: { member: 'seller' | 'manager' }) {
  const record = useRecordContext<Member>();
  if (!record) return null;
  const label = LABELS[member];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        p: 2,
      }}
    >
      <Value label={label['employee.lastname']} value={memberName(record)} />
      <Value label={label.username} value={record.username ?? ''} />
      <Value label={label.email} value={record.email ?? ''} />
      <Value label={label['employee.jobFunction']} value={record.employee?.jobFunction ?? ''} />
      <Value
        label={label['employee.organization']}
        value={record.employee?.organization?.legalname ?? ''}
      />
      {member === 'seller' && <Value label={label.sellerCode} value={record.sellerCode ?? ''} />}
      {member === 'seller' && (
        <Value label={label['employee.managedBy']} value={managerName(record)} />
      )}
      <Value label={label.enabled} value={yesNo(record.enabled)} />
    </Box>
  );
}
