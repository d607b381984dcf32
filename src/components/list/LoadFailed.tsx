import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Typography } from '@mui/material';
import { useListContext } from 'ra-core';

/**
 * A list that could not be loaded (spec §4, §8, issue 17 #6): the French message of §8 in place
 * of the rows, and "Réessayer", which loads the page again. No pagination is shown meanwhile
 * (SpecPagination), so no "1-10 sur -1".
 */
export function LoadFailed({ message }: { message: string }) {
  const { refetch, isFetching } = useListContext();
  return (
    <Box
      className="SpecList-loadFailed"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
    >
      {/* The alert says the message alone; the button beside it is no part of the announcement. */}
      <Typography role="alert" color="error">
        {message}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        startIcon={<ReplayIcon />}
        disabled={isFetching}
        onClick={() => refetch()}
      >
        Réessayer
      </Button>
    </Box>
  );
}
