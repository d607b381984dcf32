import { useNotify } from 'ra-core';
import { type ReactNode, useCallback, useEffect } from 'react';
import { Navigate, Routes, useLocation } from 'react-router-dom';
import { FAILURE_TOAST, MAINTENANCE_DESCRIPTION } from '../../providers/failures.ts';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';
import { setMaintenanceFlag, useMaintenanceFlag } from '../../providers/maintenanceFlag.ts';
import { noLayoutRoutes } from '../../routes.tsx';
import { LEGAL_NOTICE_PATH } from '../legal/path.ts';
import { LoadingScreen } from '../session/LoadingScreen.tsx';
import { MaintenancePage } from './MaintenancePage.tsx';

export const MAINTENANCE_PATH = '/maintenance';

/**
 * Spec partner-extranet §4 and §9, administration §2: the flag is true until fetched, so nothing
 * of the app shows before GET /api/maintenance answered; flag on, every route goes to
 * /maintenance (but the public legal notice); flag off while on /maintenance, back to the page
 * asked for, else home. If the flag cannot be read, the app
 * shows anyway with the toast of administration §8 (a broken flag must not lock everyone out).
 */
export function MaintenanceGate({
  children,
  http = httpClient,
}: {
  children: ReactNode;
  http?: HttpClient;
}) {
  const flag = useMaintenanceFlag();
  const { pathname, search, state } = useLocation();
  const notify = useNotify();

  const check = useCallback(async () => {
    try {
      const { json } = await http<{ maintenance?: unknown }>('/api/maintenance', {
        routeErrors: false,
      });
      setMaintenanceFlag(json?.maintenance === true);
    } catch (error) {
      if ((error as Error)?.message === MAINTENANCE_DESCRIPTION) {
        setMaintenanceFlag(true);
        return;
      }
      setMaintenanceFlag(false);
      notify('maintenance.failure', FAILURE_TOAST);
    }
  }, [http, notify]);

  useEffect(() => {
    void check();
  }, [check]);

  if (!flag.fetched) return <LoadingScreen />;
  if (flag.maintenance) {
    if (pathname === MAINTENANCE_PATH) return <MaintenancePage onRetry={check} />;
    // Public and needing no API, the legal notice stays readable (docs/security.md).
    if (pathname.replace(/\/+$/, '') === LEGAL_NOTICE_PATH)
      return <Routes>{noLayoutRoutes}</Routes>;
    // The page asked for is kept, to be opened once the maintenance ends.
    return <Navigate to={MAINTENANCE_PATH} replace state={{ asked: `${pathname}${search}` }} />;
  }
  if (pathname === MAINTENANCE_PATH) {
    const asked = (state as { asked?: unknown } | null)?.asked;
    return <Navigate to={typeof asked === 'string' ? asked : '/'} replace />;
  }
  return children;
}
