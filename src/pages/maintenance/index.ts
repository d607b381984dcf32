export { MAINTENANCE_PATH, MaintenanceGate } from './MaintenanceGate.tsx';
