// Navigation for code that runs outside React (the http client, the auth provider's token
// events). The App registers react-router's navigate once it is inside the router; before that,
// or in a page without the App, a full page load does the job.

export interface NavigateOptions {
  replace?: boolean;
  /** Router state (e.g. react-admin's nextPathname); lost on the full-page fallback. */
  state?: unknown;
}

export type Navigate = (path: string, options?: NavigateOptions) => void;

let registered: Navigate | null = null;

/** Registers the router's navigate; returns the function that unregisters it. */
export function registerNavigator(navigate: Navigate): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

export function navigateTo(path: string, options?: NavigateOptions): void {
  if (registered) {
    registered(path, options);
    return;
  }
  if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
}
