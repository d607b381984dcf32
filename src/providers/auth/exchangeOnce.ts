// An authorization code is single-use, and React StrictMode (or react-admin's callback query)
// may ask for the exchange twice: every caller for the same callback address shares one promise.

const exchanges = new Map<string, Promise<unknown>>();

export function exchangeOnce<T>(callbackUrl: string, exchange: () => Promise<T>): Promise<T> {
  let pending = exchanges.get(callbackUrl) as Promise<T> | undefined;
  if (!pending) {
    pending = exchange();
    exchanges.set(callbackUrl, pending);
  }
  return pending;
}

/** The exchange under way or done for this address, if any. */
export function exchangeFor(callbackUrl: string): Promise<unknown> | undefined {
  return exchanges.get(callbackUrl);
}

export function forgetExchanges(): void {
  exchanges.clear();
}
