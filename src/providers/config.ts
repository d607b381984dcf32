import type { PublicConfig } from '../domain/session.ts';
import { httpClient } from './httpClient.ts';

/** GET /api/config: brand and OIDC settings, read once before anything renders. */
export async function loadPublicConfig(): Promise<PublicConfig> {
  const { json } = await httpClient<PublicConfig>('/api/config', { routeErrors: false });
  if (!json?.oidc?.authority || !json.oidc.clientId) {
    throw new Error('Configuration publique incomplète');
  }
  return json;
}
