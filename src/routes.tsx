// Every route of spec partner-extranet §2 and administration §2 but the session ones, derived from
// the declarations (src/resources): react-admin <Resource>s, custom routes in the layout, and
// the legal notice, shown without it.
import { CustomRoutes, Resource, ResourceContextProvider } from 'ra-core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Guard } from './components/Guard.tsx';
import { PageLoader } from './components/PageLoader.tsx';
import { SpecRedirect } from './components/SpecRedirect.tsx';
import type { Permissions } from './domain/session.ts';
import { ERROR_ROUTES, ErrorPage } from './pages/errors/index.ts';
import { LEGAL_NOTICE_PATH } from './pages/legal/path.ts';
import { DECLARATIONS } from './resources/index.ts';
import type { Declaration, RouteDeclaration } from './resources/types.ts';

const PlaceholderPage = lazy(() => import('./pages/placeholders/PlaceholderPage.tsx'));
const LegalNoticePage = lazy(() => import('./pages/legal/LegalNoticePage.tsx'));

/** One routed screen: its guard, its resource context, its page loaded on demand. */
function RoutedPage({ declaration, route }: { declaration: Declaration; route: RouteDeclaration }) {
  const Page = route.page ?? PlaceholderPage;
  const page = (
    <Suspense fallback={<PageLoader />}>
      <Page title={route.title} />
    </Suspense>
  );
  return (
    <Guard rule={route.guard}>
      {declaration.isResource ? (
        <ResourceContextProvider value={declaration.name}>{page}</ResourceContextProvider>
      ) : (
        page
      )}
    </Guard>
  );
}

/**
 * A resource registered with react-admin (label, icon, which views exist) whose conventional
 * paths (/contracts, /contracts/42/show...) redirect to the spec paths (/contrats/liste,
 * /contrats/42), so react-admin's own links land on the bookmarked addresses.
 */
function resourceElement(declaration: Declaration) {
  const has = (kind: RouteDeclaration['kind']) => declaration.routes.some((r) => r.kind === kind);
  const redirect = (kind: RouteDeclaration['kind']) => (
    <SpecRedirect name={declaration.name} kind={kind} />
  );
  // react-admin's edit path is /<name>/<id>; a resource with no edit screen still answers it
  // with its detail (spec §2 "Detail or edit"), without claiming an edit view.
  return (
    <Resource
      key={declaration.name}
      name={declaration.name}
      icon={declaration.icon}
      options={{ label: declaration.label.many }}
      list={has('list') ? redirect('list') : undefined}
      show={has('show') ? redirect('show') : undefined}
      edit={has('edit') ? redirect('edit') : undefined}
      create={has('create') ? redirect('create') : undefined}
    >
      {!has('edit') && has('show') && <Route path=":id/*" element={redirect('show')} />}
    </Resource>
  );
}

/**
 * The resources and the routes inside the app layout. Every route is always declared, whatever
 * the permissions: a route the user may not open must still answer with its guard's redirect
 * (/404, /errors/405), not with "page not found". The guards read the permissions themselves.
 * The error pages sit in the layout too: whoever lands there keeps the menu, the name and the
 * way out.
 */
export function appResources(_permissions?: Permissions | null): ReactNode {
  return (
    <>
      {DECLARATIONS.filter((d) => d.isResource).map(resourceElement)}
      <CustomRoutes>
        {DECLARATIONS.flatMap((declaration) =>
          declaration.routes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RoutedPage declaration={declaration} route={route} />}
            />
          )),
        )}
        {ERROR_ROUTES.map(({ path, code }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<PageLoader />}>
                <ErrorPage code={code} />
              </Suspense>
            }
          />
        ))}
      </CustomRoutes>
    </>
  );
}

/**
 * Pages shown without the app layout (wrap in <CustomRoutes noLayout>): the legal notice, public
 * by nature, readable signed in or not.
 */
export const noLayoutRoutes: ReactNode = [
  <Route
    key={LEGAL_NOTICE_PATH}
    path={LEGAL_NOTICE_PATH}
    element={
      <Suspense fallback={<PageLoader />}>
        <LegalNoticePage />
      </Suspense>
    }
  />,
];
