import { useEffect } from 'react';

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
      const title = document.getElementById('react-admin-title');
      const target = title && !title.hidden ? title : document.getElementById('main-content');
      target?.focus({ preventScroll: true });
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
