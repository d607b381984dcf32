// Where the focus goes when the page changes under it: never to the document's body.
import { useEffect, useRef } from 'react';

/** The focus on the page's h1, or on its main content while the page has no title yet. */
export function focusPageTop(): void {
  const title = document.getElementById('react-admin-title');
  const target = title && !title.hidden ? title : document.getElementById('main-content');
  target?.focus({ preventScroll: true });
}

/**
 * A page chosen in the menu takes the focus to its top: the next Tab reaches the page's
 * content, not the rest of the menu (WCAG 2.4.3). Anything else leaves the focus alone.
 */
export function useFocusPageAfterMenu(pathname: string): void {
  const fromMenu = useRef(false);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      fromMenu.current =
        event.target instanceof Element && event.target.closest('nav a[href]') !== null;
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page
  useEffect(() => {
    if (!fromMenu.current) return;
    fromMenu.current = false;
    // The page's title is written once the page renders: a frame later.
    const frame = requestAnimationFrame(() => requestAnimationFrame(focusPageTop));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/**
 * When the element that held the focus goes away (the row or « Modifier » button of a page left
 * behind, a save button disabled once the form is saved), the browser gives the focus to the
 * document's body, and a keyboard or screen reader user starts again from the top of the
 * document. The focus goes instead to the page's h1, or to its main content while the page has
 * no title yet. A focus moved on purpose (a dialog giving it back, a field) is left alone.
 */
export function useFocusNeverLost(): void {
  useEffect(() => {
    let held: Element | null = null;
    let frame = 0;
    const onFocusIn = (event: FocusEvent) => {
      held = event.target instanceof Element ? event.target : null;
    };
    // Checked once per frame after the page changed: the element is gone or disabled, and
    // nothing else took the focus in between.
    const check = () => {
      frame = 0;
      const active = document.activeElement;
      if (!held || (active && active !== document.body)) return;
      const gone = !held.isConnected || (held as HTMLButtonElement).disabled === true;
      if (!gone) return;
      held = null;
      focusPageTop();
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(check);
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      cancelAnimationFrame(frame);
    };
  }, []);
}
