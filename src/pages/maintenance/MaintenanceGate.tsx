import { useNotify } from 'ra-core';
import { type ReactNode, useCallback, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FAILURE_TOAST, MAINTENANCE_DESCRIPTION } from '../../providers/failures.ts';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';
import { setMaintenanceFlag, useMaintenanceFlag } from '../../providers/maintenanceFlag.ts';
import { LoadingScreen } from '../session/LoadingScreen.tsx';
import { MaintenancePage } from './MaintenancePage.tsx';

export const MAINTENANCE_PATH = '/maintenance';

/**
 * Spec partner-extranet §4 and §9, administration §2: the flag is true until fetched, so nothing
 * of the app shows before GET /api/maintenance answered; flag on, every route goes to
 * /maintenance; flag off while on /maintenance, back home. If the flag cannot be read, the app
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
  const { pathname } = useLocation();
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
    return pathname === MAINTENANCE_PATH ? (
      <MaintenancePage onRetry={check} />
    ) : (
      <Navigate to={MAINTENANCE_PATH} replace />
    );
  }
  if (pathname === MAINTENANCE_PATH) return <Navigate to="/" replace />;
  return children;
}
