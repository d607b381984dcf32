// /brokers/create: a new seller (POST /api/brokers).
import type { PageProps } from '../types.ts';
import { MemberCreate } from './MemberCreate.tsx';

export function BrokerCreate({ title }: PageProps) {
  return <MemberCreate title={title} member="seller" />;
}
