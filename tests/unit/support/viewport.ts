/**
 * jsdom has no layout engine and no matchMedia: answer media queries from window.innerWidth,
 * the way MUI's useMediaQuery asks them ("(max-width:991.95px)", "(min-width:768px)").
 */
export function setViewportWidth(width: number) {
  window.innerWidth = width;
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, side, value]) =>
      side === 'min' ? width >= Number(value) : width <= Number(value),
    ) && /width/.test(query);
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
