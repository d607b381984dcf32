// GET /api/config as a deployment with Keycloak answers it: the provider holds the passwords,
// and its account page is where people change them (server/src/http/publicRoutes.ts).
import type { PublicConfig } from '../../../src/domain/session.ts';

export const KEYCLOAK_CONFIG: PublicConfig = {
  brand: 'ageo',
  oidc: {
    authority: 'https://sso.exemple.fr/realms/partenaires',
    clientId: 'espace-partenaire',
    scope: 'openid profile roles',
    accountUrl: 'https://sso.exemple.fr/realms/partenaires/account',
  },
};

/** GET /api/config as the embedded provider answers it: one realm signs in, passwords held here. */
export const EMBEDDED_CONFIG: PublicConfig = {
  brand: 'ageo',
  oidc: {
    authority: 'http://localhost:8080/oidc',
    clientId: 'espace-partenaire',
    scope: 'openid profile roles',
    onlyRealm: 'partenaires',
  },
};
