import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Box,
  Drawer,
  IconButton,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import { LOGOUT_PATH } from './AppBar.tsx';
import { Logo } from './Logo.tsx';
import { SideMenu } from './SideMenu.tsx';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The side menu under 992 px (spec partner-extranet §2): a full-width overlay with a logout
 * link. MUI's modal traps focus inside, closes on Escape and gives focus back to the burger.
 * Closed, it is not in the page at all, so its links are not reachable by mistake.
 */
export function MenuOverlay({ id, open, onClose }: Props) {
  const translate = useTranslate();
  return (
    <Drawer
      id={id}
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-label': translate('layout.menu.label'),
          sx: { width: '100%' },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Logo />
        <IconButton aria-label={translate('layout.menu.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <SideMenu
        extra={
          <ListItem disablePadding>
            <ListItemButton component={Link} to={LOGOUT_PATH} sx={{ pl: 2 }}>
              <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary={translate('layout.header.logout')} />
            </ListItemButton>
          </ListItem>
        }
      />
    </Drawer>
  );
}
