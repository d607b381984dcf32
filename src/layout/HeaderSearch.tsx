// The header's search box (issue 16): Enter opens /recherche?q=... (src/resources/search), where
// the results are grouped by category. Empty text opens nothing.
import SearchIcon from '@mui/icons-material/Search';
import { alpha, Box, InputBase } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '../resources/search/searchPath.ts';

export const HEADER_SEARCH_LABEL = 'Rechercher un contrat, un assuré, un souscripteur…';

export function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!text.trim()) return;
    navigate(searchPath(text));
  };
  return (
    <Box
      role="search"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        borderRadius: 1,
        // Darker than the header, not lighter: white text keeps 4.5:1 on every brand's colour
        // (azur's blue lightened was 4.37:1); the border shows the field.
        bgcolor: alpha(theme.palette.common.black, 0.2),
        border: `1px solid ${alpha(theme.palette.common.white, 0.7)}`,
        '&:hover': { bgcolor: alpha(theme.palette.common.black, 0.3) },
        // On a phone the box takes a row of its own under the logo and the name: squeezed beside
        // them it left « Rec… » (390 px).
        width: { xs: '100%', sm: 220, md: 280 },
        order: { xs: 1, sm: 0 },
        mb: { xs: 1, sm: 0 },
      })}
    >
      <SearchIcon fontSize="small" aria-hidden="true" />
      <InputBase
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Rechercher…"
        type="search"
        sx={{ color: 'inherit', flex: 1, fontSize: '0.9rem' }}
        inputProps={{ 'aria-label': HEADER_SEARCH_LABEL, maxLength: 200 }}
      />
    </Box>
  );
}
