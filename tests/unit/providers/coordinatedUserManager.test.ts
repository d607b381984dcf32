import { InMemoryWebStorage, User, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CoordinatedUserManager,
  type CoordinationOptions,
} from '../../../src/providers/auth/coordinatedUserManager.ts';
import { createRefreshLock } from '../../../src/providers/auth/refreshLock.ts';

// The multi-tab rotation pitfall (STACK-NOTES; oidc-client-ts #430, #1618): two tabs holding the
// same refresh token must not both spend it.

const now = () => Math.floor(Date.now() / 1000);

/** The identity provider's token endpoint: a refresh token works once, then it is burnt. */
class FakeIdentityProvider {
  private readonly burnt = new Set<string>();
  private issued = 1;
  calls: string[] = [];

  refresh(refreshToken: string) {
    this.calls.push(refreshToken);
    if (this.burnt.has(refreshToken)) throw new Error('invalid_grant: refresh token reused');
    this.burnt.add(refreshToken);
    this.issued++;
    return { access_token: `access-${this.issued}`, refresh_token: `refresh-${this.issued}` };
  }
}

/** A tab: its own sessionStorage, the real coordination code, the fake token endpoint. */
class Tab extends CoordinatedUserManager {
  constructor(
    private readonly idp: FakeIdentityProvider,
    options: CoordinationOptions,
  ) {
    super(
      {
        authority: 'http://localhost:5173/oidc',
        client_id: 'espace-partenaire',
        redirect_uri: 'http://localhost:5173/callback',
        userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
        automaticSilentRenew: false,
      },
      options,
    );
  }

  protected override async _useRefreshToken(args: { state: { refresh_token?: string } }) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const tokens = this.idp.refresh(args.state.refresh_token ?? '');
    const user = new User({
      ...tokens,
      token_type: 'Bearer',
      profile: sampleProfile(),
      expires_at: now() + 300,
    });
    await this.storeUser(user);
    return user;
  }
}

function sampleProfile() {
  return {
    sub: 'u-1',
    iss: 'x',
    aud: 'y',
    exp: now() + 300,
    iat: now(),
    preferred_username: 'ageo',
  };
}

const expiringUser = () =>
  new User({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    profile: sampleProfile(),
    expires_at: now() + 30,
  });

const opened: CoordinatedUserManager[] = [];
afterEach(() => {
  for (const tab of opened.splice(0)) tab.close();
});

function twoTabs() {
  const idp = new FakeIdentityProvider();
  // One lock for the "browser", as navigator.locks would be; a real BroadcastChannel per tab.
  const runExclusive = createRefreshLock('test', null);
  const name = `rotation-${Math.random()}`;
  const a = new Tab(idp, { runExclusive, channel: new BroadcastChannel(name), holdMs: 30 });
  const b = new Tab(idp, { runExclusive, channel: new BroadcastChannel(name), holdMs: 30 });
  opened.push(a, b);
  return { idp, a, b };
}

describe('CoordinatedUserManager', () => {
  it('spends a shared refresh token once when two tabs renew together', async () => {
    const { idp, a, b } = twoTabs();
    await a.storeUser(expiringUser());
    await b.storeUser(expiringUser()); // a tab opened from the other: same tokens

    const [userA, userB] = await Promise.all([a.signinSilent(), b.signinSilent()]);

    expect(idp.calls).toEqual(['refresh-1']);
    expect(userA?.refresh_token).toBe('refresh-2');
    expect(userB?.refresh_token).toBe('refresh-2');
    expect((await b.getUser())?.access_token).toBe('access-2');
  });

  it('lets the other tab adopt the rotated tokens as soon as they are broadcast', async () => {
    const { a, b } = twoTabs();
    await a.storeUser(expiringUser());
    await b.storeUser(expiringUser());
    await a.signinSilent();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await b.getUser())?.refresh_token).toBe('refresh-2');
  });

  it('ignores rotations of a refresh token it does not hold', async () => {
    const { a, b } = twoTabs();
    await a.storeUser(expiringUser());
    await b.storeUser(
      new User({ ...expiringUser(), token_type: 'Bearer', refresh_token: 'refresh-of-b' }),
    );
    await a.signinSilent();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await b.getUser())?.refresh_token).toBe('refresh-of-b');
  });

  it('tells the other tabs when one signs out', async () => {
    const { a, b } = twoTabs();
    const heardByB = vi.fn();
    const heardByA = vi.fn();
    b.onSignedOutElsewhere(heardByB);
    a.onSignedOutElsewhere(heardByA);
    a.announceSignOut();
    await vi.waitFor(() => expect(heardByB).toHaveBeenCalledTimes(1));
    expect(heardByA).not.toHaveBeenCalled();
  });

  it('keeps renewals of one tab in single file', async () => {
    const { idp, a } = twoTabs();
    await a.storeUser(expiringUser());
    await Promise.all([a.signinSilent(), a.signinSilent(), a.signinSilent()]);
    expect(idp.calls).toEqual(['refresh-1']);
  });
});
