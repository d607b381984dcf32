// @api-platform/admin's HydraAdmin, untouched but for the bearer token, served from another
// origin than the API (tests/e2e/hydra-clients.spec.ts): what any Hydra client would see.
// The query gives the entrypoint and the token (?entrypoint=http://...&token=...); the hash
// is react-admin's router.
import { fetchHydra, HydraAdmin, hydraDataProvider } from '@api-platform/admin';
import { parseHydraDocumentation } from '@api-platform/api-doc-parser';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(window.location.search);
const entrypoint = params.get('entrypoint') ?? '';
const headers = () => ({ Authorization: `Bearer ${params.get('token') ?? ''}` });

const dataProvider = hydraDataProvider({
  entrypoint,
  httpClient: (url: URL, options = {}) => fetchHydra(url, { ...options, headers: headers() }),
  apiDocumentationParser: (url: string) => parseHydraDocumentation(url, { headers: headers() }),
});

const root = document.getElementById('root');
if (root)
  createRoot(root).render(<HydraAdmin entrypoint={entrypoint} dataProvider={dataProvider} />);
