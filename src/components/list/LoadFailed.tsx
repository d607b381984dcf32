import ReplayIcon from '@mui/icons-material/Replay';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, Button, Typography } from '@mui/material';
import { HttpError, useListContext } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A list that could not be loaded (spec §4, §8, issue 17 #6): the French message of §8 in place
 * of the rows, and "Réessayer", which loads the page again. No pagination is shown meanwhile
 * (SpecPagination), so no "1-10 sur -1". An address the API refuses (400: a filter, page or
 * page size it does not take, from an old bookmark or a hand edit) would fail again: the API's
 * own words say why, and the button opens the list's default view instead.
 */
export function LoadFailed({ message }: { message: string }) {
  const { refetch, isFetching, error } = useListContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const refused = error instanceof HttpError && error.status === 400 && Boolean(error.message);
  return (
    <Box
      className="SpecList-loadFailed"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
    >
      {/* The alert says the message alone; the button beside it is no part of the announcement. */}
      <Box>
        <Typography role="alert" color="error">
          {message}
        </Typography>
        {refused && (
          <Typography variant="body2" color="text.secondary">
            {error.message}
          </Typography>
        )}
      </Box>
      {refused ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={<RestartAltIcon />}
          onClick={() => navigate(pathname)}
        >
          Afficher la liste par défaut
        </Button>
      ) : (
        <Button
          variant="outlined"
          size="small"
          startIcon={<ReplayIcon />}
          disabled={isFetching}
          onClick={() => refetch()}
        >
          Réessayer
        </Button>
      )}
    </Box>
  );
}
