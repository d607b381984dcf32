// Issue 17 #4: every page has its own browser title and exactly one h1.
//
// In the app layout, the h1 is react-admin's title portal (`#react-admin-title`), placed at the
// top of the main content by Layout.tsx: every view's `title` (List, Show, Edit, Create) and
// every `<Title>` (PageFrame, the home, the search page, the error pages) lands in it, so a
// screen only names itself and never renders an h1 of its own. The browser title follows the
// h1's text. Outside the app layout (session pages, maintenance, legal notice), `<PageHeading>`
// is the h1 and names the browser title.
import { Typography, type TypographyProps } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

/** The partner space of the brand (spec partner-extranet §1). */
export function spaceName(brandName: string): string {
  return brandName ? `Espace partenaire ${brandName}` : 'Espace partenaire';
}

/** The browser title: "Contrat 12345 – Espace partenaire AGEO", or the space alone. */
export function documentTitle(brandName: string, page?: string): string {
  const text = page?.replace(/\s+/g, ' ').trim();
  return text ? `${text} – ${spaceName(brandName)}` : spaceName(brandName);
}

function useBrandName(): string {
  return useTheme().brand?.name ?? '';
}

/** Names the page in the browser title while it is shown. */
export function usePageTitle(page: string | undefined) {
  const brand = useBrandName();
  useEffect(() => {
    document.title = documentTitle(brand, page);
  }, [brand, page]);
}

const headingSx = { fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.3, mb: 2 } as const;

/**
 * The one h1 of a page in the app layout: react-admin's title portal. Hidden while no page puts
 * a title in it (a loader, a redirect), so a page never has an empty h1; the browser title
 * follows its text.
 */
export function PageTitleSlot() {
  const ref = useRef<HTMLHeadingElement>(null);
  const brand = useBrandName();
  useEffect(() => {
    const h1 = ref.current;
    if (!h1) return;
    const sync = () => {
      const text = h1.textContent?.trim() ?? '';
      h1.hidden = !text;
      const title = documentTitle(brand, text);
      if (document.title !== title) document.title = title;
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(h1, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [brand]);
  return (
    <Typography
      ref={ref}
      id="react-admin-title"
      component="h1"
      variant="h1"
      hidden
      // Focused when the element holding the focus goes or is disabled (useFocusNeverLost.ts);
      // a heading is no control, so it shows no focus ring.
      tabIndex={-1}
      sx={{ ...headingSx, '&[hidden]': { display: 'none' }, '&:focus': { outline: 'none' } }}
    />
  );
}

/** The h1 of a page outside the app layout, which also names the browser title. */
export function PageHeading({
  children,
  ...rest
}: Omit<TypographyProps<'h1'>, 'children' | 'sx' | 'variant'> & { children: string }) {
  usePageTitle(children);
  return (
    <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 600 }} {...rest}>
      {children}
    </Typography>
  );
}
