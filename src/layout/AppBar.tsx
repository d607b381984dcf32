import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Button, IconButton, AppBar as MuiAppBar, Toolbar } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { containerSx } from './containerSx.ts';
import { HeaderSearch } from './HeaderSearch.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

export const LOGOUT_PATH = '/logout';

interface Props {
  /** Under 992 px the menu hides behind the burger button. */
  withBurger: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuId: string;
}

/**
 * Header of spec partner-extranet §2: logo, the search box (issue 16), the user's
 * name (its menu: 'Mon profil'), 'Se déconnecter'.
 */
export function AppBar({ withBurger, menuOpen, onOpenMenu, menuId }: Props) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <MuiAppBar position="static" component="header" elevation={1}>
      <Toolbar
        disableGutters
        sx={[containerSx, { columnGap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }]}
      >
        {withBurger && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={translate('layout.menu.open')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={onOpenMenu}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Logo inverted />
        {/* The page title is the page's h1, at the top of the main content (PageTitle.tsx). */}
        <Box sx={{ flex: 1 }} />
        {identity && <HeaderSearch />}
        {identity?.fullName && <UserMenu name={identity.fullName} />}
        <Button
          component={Link}
          to={LOGOUT_PATH}
          color="inherit"
          startIcon={<LogoutIcon aria-hidden="true" />}
          sx={{ display: { xs: withBurger ? 'none' : 'inline-flex', sm: 'inline-flex' } }}
        >
          {translate('layout.header.logout')}
        </Button>
      </Toolbar>
    </MuiAppBar>
  );
}
