import { useSyncExternalStore } from 'react';

// The maintenance flag (spec partner-extranet §9, administration §3): "treated as true until
// fetched". `fetched` tells the gate whether the value is known, so nothing of the app shows
// before GET /api/maintenance answered. A 503 'Site en maintenance' seen by the http client also
// turns it on.

export interface MaintenanceFlag {
  maintenance: boolean;
  fetched: boolean;
}

const INITIAL: MaintenanceFlag = { maintenance: true, fetched: false };
let current: MaintenanceFlag = INITIAL;
const listeners = new Set<() => void>();

export function getMaintenanceFlag(): MaintenanceFlag {
  return current;
}

export function setMaintenanceFlag(maintenance: boolean): void {
  if (current.fetched && current.maintenance === maintenance) return;
  current = { maintenance, fetched: true };
  for (const listener of listeners) listener();
}

/** Back to "unknown" (tests, and a retry that must hide the app until answered). */
export function resetMaintenanceFlag(): void {
  current = INITIAL;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMaintenanceFlag(): MaintenanceFlag {
  return useSyncExternalStore(subscribe, getMaintenanceFlag, getMaintenanceFlag);
}
