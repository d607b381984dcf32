// What the customer, provider, company and product details share (spec §2 "detail screens show
// the entities of section 3 and the related lists"): a grid of labelled values that folds to one
// column on a phone, and titled sections for the related lists.
import { Box, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { Labeled } from 'react-admin';

/** A property of the record and what to show for it; its label is its declaration's. */
export type Fact = readonly [source: string, value: ReactNode];

/**
 * Labelled values, 2 columns on a phone, 3 on a tablet, 4 on a wide screen. Each label is the
 * one of its property in the page's resource (resources.<name>.fields.<source>).
 */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
        py: 1,
      }}
    >
      {facts.map(([source, value]) => (
        <Labeled key={source} source={source}>
          <Typography
            variant="body2"
            component="span"
            data-fact={source}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </Labeled>
      ))}
    </Box>
  );
}

/** A titled part of a detail: a region named by its title, for a screen reader's landmarks. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading} sx={{ mt: 3 }}>
      <Typography id={heading} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Text of a value as the API gives it; null and undefined read as nothing. */
export const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

/** The inside of a detail's card: its values and related lists, off the card's edges. */
export function DetailBody({ children }: { children: ReactNode }) {
  return <Box sx={{ px: 2, pt: 1, pb: 2 }}>{children}</Box>;
}
