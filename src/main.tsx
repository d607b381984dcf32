import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadPublicConfig } from './providers/config.ts';
import { setupAuth } from './providers/setupAuth.ts';

// Boot: read /api/config (brand, identity provider), apply the spec §4 token parameter, then
// render. Until then index.html shows 'Chargement...'.

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

async function start(container: HTMLElement) {
  const config = await loadPublicConfig();
  const authProvider = setupAuth(config);
  await authProvider.applyTokenEntry();
  createRoot(container).render(
    <StrictMode>
      <App config={config} authProvider={authProvider} />
    </StrictMode>,
  );
}

start(root).catch((error: unknown) => {
  console.error(error);
  // No React, no theme yet: plain French text and a way to try again.
  root.innerHTML = `<main class="boot-failure" role="alert">
    <h1>Espace partenaire indisponible</h1>
    <p>Le service ne répond pas pour le moment. Merci de réessayer dans quelques instants.</p>
    <p><a href="">Réessayer</a></p>
  </main>`;
});
