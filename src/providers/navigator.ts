// Navigation for code that runs outside React (the http client, the auth provider's token
// events). The App registers react-router's navigate once it is inside the router; before that,
// or in a page without the App, a full page load does the job.

export type Navigate = (path: string, options?: { replace?: boolean }) => void;

let registered: Navigate | null = null;

/** Registers the router's navigate; returns the function that unregisters it. */
export function registerNavigator(navigate: Navigate): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (registered) {
    registered(path, options);
    return;
  }
  if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
}
