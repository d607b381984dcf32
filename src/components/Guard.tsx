import { usePermissions } from 'ra-core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { decideAccess, type GuardRule } from '../domain/access.ts';
import type { Permissions } from '../domain/session.ts';
import { PageLoader } from './PageLoader.tsx';

/**
 * Opens a route to the permissions its rule asks for, else replaces the location with /404 or
 * /errors/405?msg=... (spec partner-extranet §6, administration §6). Convenience only: the
 * server refuses the same requests again.
 */
export function Guard({ rule, children }: { rule: GuardRule; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Permissions>();
  if (!rule.area && !rule.right) return children;
  if (isPending) return <PageLoader />;
  const decision = decideAccess(rule, permissions);
  if (!decision.allowed) return <Navigate to={decision.redirectTo} replace />;
  return children;
}
