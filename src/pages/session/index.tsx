import { type ReactNode, Suspense } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { lazyPage } from '../../providers/lazyPage.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

// The session and public routes of spec partner-extranet §2, outside the app layout and open to
// visitors who are not signed in (App.tsx puts them in <CustomRoutes noLayout>). Loaded on demand.

const CallbackPage = lazyPage(() => import('./CallbackPage.tsx'), 'CallbackPage');
const LoginPage = lazyPage(() => import('./LoginPage.tsx'), 'LoginPage');
const LogoutPage = lazyPage(() => import('./LogoutPage.tsx'), 'LogoutPage');
const TokenExpiredPage = lazyPage(() => import('./TokenExpiredPage.tsx'), 'TokenExpiredPage');
const LoginErrorPage = lazyPage(() => import('./LoginErrorPage.tsx'), 'LoginErrorPage');
const FinaliseAccountPage = lazyPage(
  () => import('./FinaliseAccountPage.tsx'),
  'FinaliseAccountPage',
);
const ResetPasswordPage = lazyPage(() => import('./InfoPage.tsx'), 'ResetPasswordPage');
const LoginBackupPage = lazyPage(() => import('./InfoPage.tsx'), 'LoginBackupPage');
const PublicPage = lazyPage(() => import('./InfoPage.tsx'), 'PublicPage');

const page = (element: ReactNode) => <Suspense fallback={<LoadingScreen />}>{element}</Suspense>;

export const sessionRoutes = (
  <>
    <Route path="/callback" element={page(<CallbackPage />)} />
    <Route path="/login" element={page(<LoginPage />)} />
    <Route path="/logout" element={page(<LogoutPage />)} />
    <Route path="/token-expired" element={page(<TokenExpiredPage />)} />
    <Route path="/erreur_connexion" element={page(<LoginErrorPage />)} />
    <Route path="/finalise-account" element={page(<FinaliseAccountPage />)} />
    <Route path="/reinitialiser-password" element={page(<ResetPasswordPage />)} />
    <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
    <Route path="/login-backup" element={page(<LoginBackupPage />)} />
    <Route path="/public" element={page(<PublicPage />)} />
    <Route path="/indexOld" element={<Navigate to="/" replace />} />
  </>
);

export { LoadingScreen } from './LoadingScreen.tsx';
