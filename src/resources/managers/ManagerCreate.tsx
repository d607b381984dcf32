// /managers/create: a new manager (POST /api/supervisors).
import { MemberCreate } from '../brokers/MemberCreate.tsx';
import type { PageProps } from '../types.ts';

export function ManagerCreate({ title }: PageProps) {
  return <MemberCreate title={title} member="manager" />;
}
