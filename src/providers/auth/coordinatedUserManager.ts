import { type SigninSilentArgs, User, UserManager, type UserManagerSettings } from 'oidc-client-ts';
import { createRefreshLock, type RunExclusive } from './refreshLock.ts';

// A UserManager whose silent renewals (automatic or asked for) are serialised across tabs and
// shared: the tab that rotates the refresh token broadcasts the new tokens, and a tab holding the
// burnt one adopts them instead of replaying it. oidc-client-ts's SilentRenewService calls
// signinSilent(), so the automatic renewal goes through this override too.

interface RotationMessage {
  type: 'rotated';
  previous: string;
  user: string;
}

/** A tab signed out: the provider's session, shared by the tabs, is over. */
interface SignOutMessage {
  type: 'signedOut';
}

export interface CoordinationOptions {
  runExclusive?: RunExclusive;
  channel?: BroadcastChannel | null;
  /** How long the lock is kept after a broadcast, so other tabs read it before they may refresh. */
  holdMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CoordinatedUserManager extends UserManager {
  private readonly runExclusive: RunExclusive;
  private readonly channel: BroadcastChannel | null;
  private readonly holdMs: number;

  constructor(settings: UserManagerSettings, options: CoordinationOptions = {}) {
    super(settings);
    const name = `espace-partenaire:token-refresh:${settings.authority}:${settings.client_id}`;
    this.runExclusive = options.runExclusive ?? createRefreshLock(name);
    this.channel =
      options.channel !== undefined
        ? options.channel
        : typeof BroadcastChannel === 'undefined'
          ? null
          : new BroadcastChannel(name);
    this.holdMs = options.holdMs ?? 100;
    this.channel?.addEventListener('message', (event: MessageEvent) => {
      if ((event.data as Partial<SignOutMessage> | null)?.type === 'signedOut') {
        for (const handler of this.signOutHandlers) handler();
        return;
      }
      void this.adoptRotation(event.data);
    });
  }

  private readonly signOutHandlers: Array<() => void> = [];

  /** Tells the other tabs this one signs out. */
  announceSignOut(): void {
    const message: SignOutMessage = { type: 'signedOut' };
    this.channel?.postMessage(message);
  }

  /** `handler` runs when another tab signs out. */
  onSignedOutElsewhere(handler: () => void): void {
    this.signOutHandlers.push(handler);
  }

  override async signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    const before = await this.getUser();
    return this.runExclusive(async () => {
      // Another tab may have rotated our refresh token while we waited for the lock.
      const current = await this.getUser();
      if (
        before?.refresh_token &&
        current?.refresh_token &&
        current.refresh_token !== before.refresh_token &&
        !current.expired
      ) {
        return current;
      }
      const user = await super.signinSilent(args);
      const previous = current?.refresh_token;
      if (user && previous && user.refresh_token !== previous) {
        const message: RotationMessage = {
          type: 'rotated',
          previous,
          user: user.toStorageString(),
        };
        this.channel?.postMessage(message);
        await sleep(this.holdMs);
      }
      return user;
    });
  }

  /** Takes the tokens another tab obtained with the refresh token this tab also holds. */
  async adoptRotation(data: unknown): Promise<boolean> {
    const message = data as Partial<RotationMessage> | null;
    if (message?.type !== 'rotated' || !message.previous || !message.user) return false;
    const mine = await this.getUser();
    if (!mine || mine.refresh_token !== message.previous) return false;
    await this.storeUser(User.fromStorageString(message.user));
    // getUser() reloads the user into the token events, re-arming the expiry timers.
    await this.getUser();
    return true;
  }

  /** Stops listening to other tabs (tests, hot reload). */
  close(): void {
    this.stopSilentRenew();
    this.channel?.close();
  }
}
