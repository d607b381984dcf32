// A detail page's tabs whose open tab lives in the address (?onglet=), so that a view can be
// bookmarked, shared and reopened where it was: the contract's and the insured person's. The
// first tab is the address without ?onglet=; an unknown value opens the first tab.
import { Box, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface AddressTab<K extends string = string> {
  key: K;
  label: string;
}

/** One parameter of the address, changed in place (no new history entry); '' removes it. */
export function useAddressParam(name: string): [string | null, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), set];
}

export function AddressTabs<K extends string>({
  tabs,
  label,
  children,
}: {
  tabs: readonly AddressTab<K>[];
  /** The tab list's name for a screen reader (« Fiche du contrat »). */
  label: string;
  /** The open tab's content. */
  children: (tab: K) => ReactNode;
}) {
  const [asked, setAsked] = useAddressParam('onglet');
  const first = tabs[0].key;
  const tab = tabs.find((t) => t.key === asked)?.key ?? first;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: K) => setAsked(value === first ? '' : value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={label}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            id={`onglet-${t.key}`}
            aria-controls={`panneau-${t.key}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`panneau-${tab}`}
        aria-labelledby={`onglet-${tab}`}
        sx={{ pt: 1, px: { xs: 1, sm: 2 } }}
      >
        {children(tab)}
      </Box>
    </>
  );
}
