import { useEffect, useRef } from 'react';

/** How long after a navigation the old page's focused element may take to go. */
const WATCH_MS = 3000;

/**
 * After a navigation that took the focus away (the row, button or form that held it is gone:
 * opening a record, « Modifier », a save), the focus goes to the new page's h1, or to the main
 * content while the page has no title yet, instead of the document's body: a keyboard or screen
 * reader user goes on from the top of the new page, not from the top of the document. A focus
 * that stays in place (a menu link) or moves elsewhere (a field) is left where it is.
 */
export function useFocusAfterNavigation(pathname: string): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs at each navigation, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The old page may stay on screen until the new one is ready (a lazy page, a transition):
    // watched frame by frame until its focused element goes or the focus moves.
    const before = document.activeElement;
    const until = performance.now() + WATCH_MS;
    let frame = 0;
    const watch = () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost) {
        const title = document.getElementById('react-admin-title');
        const target = title && !title.hidden ? title : document.getElementById('main-content');
        target?.focus({ preventScroll: true });
        return;
      }
      if (active !== before || performance.now() > until) return;
      frame = requestAnimationFrame(watch);
    };
    frame = requestAnimationFrame(watch);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
