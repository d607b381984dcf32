import AccountIcon from '@mui/icons-material/AccountCircle';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

/** The signed-in user's own profile (spec administration §2). */
export const OWN_PROFILE_PATH = '/user/profile';

/** The user's name in the header, opening its menu: « Mon profil ». */
export function UserMenu({ name }: { name: string }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountIcon aria-hidden="true" />}
        endIcon={<ArrowDropDownIcon aria-hidden="true" />}
        sx={{ textTransform: 'none', fontWeight: 500, fontSize: '1rem', minWidth: 0 }}
      >
        {/* One line: a long name ends in « … » on a phone rather than pushing the header taller. */}
        <Box
          component="span"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={close}>
        <MenuItem component={Link} to={OWN_PROFILE_PATH} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('layout.header.profile')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
