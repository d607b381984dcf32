import { WebStorageStateStore } from 'oidc-client-ts';
import type { PublicConfig } from '../../domain/session.ts';
import { CoordinatedUserManager } from './coordinatedUserManager.ts';

/**
 * The OIDC client of the SPA: authorization code with PKCE (S256, built into oidc-client-ts),
 * tokens in sessionStorage (gone with the tab), renewal with the refresh token 60 s before the
 * 300 s access token expires (spec §9).
 */
export function createUserManager(
  config: PublicConfig,
  origin = window.location.origin,
): CoordinatedUserManager {
  return new CoordinatedUserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: `${origin}/`,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    // The ID token already carries name, preferred_username and roles.
    loadUserInfo: false,
    monitorSession: false,
  });
}
