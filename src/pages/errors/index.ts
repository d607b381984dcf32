// Error pages, loaded on demand. `NotFound` is react-admin's `catchAll` (App.tsx).
import { lazy } from 'react';

export { ERROR_CODES, ERROR_ROUTES, type ErrorCode } from './codes.ts';
export const NotFound = lazy(() => import('./NotFoundPage.tsx'));
export const ErrorPage = lazy(() => import('./ErrorPage.tsx'));
