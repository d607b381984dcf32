import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify } from 'ra-core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  type DirectorySearch as DirectoryClient,
  type DirectoryEntry,
  directorySearch,
} from '../../providers/directory.ts';

// The single sign-on directory search of spec administration §2 ("SSO user search") and §7: the
// administrator looks for an existing account of the identity provider and picks it; the user
// form (which embeds this) fills the user name, e-mail, names and idSso from the entry.
// No <form> of its own: it lives inside the user form, and Enter must not save that form.

export const DIRECTORY_SEARCH_MESSAGES = {
  label: "Rechercher dans l'annuaire",
  helper: 'Identifiant, ou adresse e-mail exacte',
  button: 'Rechercher',
  results: "Comptes de l'annuaire",
  none: "Aucun compte trouvé dans l'annuaire.",
  failure: 'Une erreur est survenue durant la recherche',
  disabled: 'désactivé',
  tooMany: (limit: number) =>
    `Seuls les ${limit} premiers comptes sont affichés : précisez la recherche.`,
} as const;

export interface DirectorySearchProps {
  /** Called with the account the administrator picks. */
  onPick: (entry: DirectoryEntry) => void;
  /** The realm searched; the server's default realm when omitted. */
  realm?: string;
  /** Accounts shown at most (the server would answer up to 100000). */
  limit?: number;
  /** The directory client; the application's by default (tests give their own). */
  directory?: DirectoryClient;
}

const fullName = (entry: DirectoryEntry) =>
  [entry.firstName, entry.lastName].filter(Boolean).join(' ');

export function DirectorySearch({
  onPick,
  realm,
  limit = 50,
  directory = directorySearch,
}: DirectorySearchProps) {
  const notify = useNotify();
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);
  const [results, setResults] = useState<DirectoryEntry[] | null>(null);
  // Only the latest search's answer is shown, and none after unmounting.
  const latest = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const current = (id: number) => mounted.current && id === latest.current;

  const run = async () => {
    const asked = text.trim();
    if (!asked) return;
    const id = ++latest.current;
    setLoading(true);
    try {
      // An e-mail is looked up exactly; anything else as a part of the user name.
      const found = asked.includes('@')
        ? await directory.byEmail(asked, realm)
        : await directory.search({ username: asked, realm, max: limit });
      if (current(id)) setResults(found);
    } catch {
      if (current(id)) {
        setResults(null);
        notify(DIRECTORY_SEARCH_MESSAGES.failure, { type: 'error' });
      }
    } finally {
      if (current(id)) setLoading(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // Inside the user form: Enter searches, it does not save.
    event.preventDefault();
    void run();
  };

  return (
    <Box role="search" aria-label={DIRECTORY_SEARCH_MESSAGES.label}>
      {/* Side by side where there is room; on a phone the field takes the width (its label
          whole) and the button goes under it. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <TextField
          label={DIRECTORY_SEARCH_MESSAGES.label}
          helperText={DIRECTORY_SEARCH_MESSAGES.helper}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          size="small"
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <Button
          type="button"
          variant="outlined"
          startIcon={<SearchIcon />}
          onClick={() => void run()}
          disabled={loading || !text.trim()}
          sx={{ mt: { sm: 0.25 }, flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {DIRECTORY_SEARCH_MESSAGES.button}
        </Button>
      </Stack>
      {loading && <LinearProgress aria-label="Recherche en cours" sx={{ mt: 1 }} />}
      {results && results.length === 0 && (
        <Typography role="status" variant="body2" sx={{ mt: 1 }}>
          {DIRECTORY_SEARCH_MESSAGES.none}
        </Typography>
      )}
      {results && results.length > 0 && (
        <>
          <List dense aria-label={DIRECTORY_SEARCH_MESSAGES.results}>
            {results.map((entry) => (
              <ListItemButton key={`${entry.realm}/${entry.id}`} onClick={() => onPick(entry)}>
                <ListItemText
                  primary={fullName(entry) || entry.username}
                  secondary={[
                    entry.username,
                    entry.email,
                    entry.enabled ? null : DIRECTORY_SEARCH_MESSAGES.disabled,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
          {results.length >= limit && (
            <Typography role="status" variant="body2">
              {DIRECTORY_SEARCH_MESSAGES.tooMany(limit)}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
