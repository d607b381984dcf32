import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * The real link of a list row (issue 17, react-admin #11108): an `<a href>` that Tab reaches and
 * Enter follows, with a visible focus. The row's own click goes to the same address; the link
 * stops its click there so that a mouse click navigates once.
 */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <MuiLink
      component={Link}
      to={to}
      className="SpecRowLink"
      underline="hover"
      color="inherit"
      onClick={(event) => event.stopPropagation()}
      sx={{
        fontWeight: 500,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {empty ? 'Voir le détail' : children}
    </MuiLink>
  );
}
