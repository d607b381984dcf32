// The carte TP view of an insured person (spec administration §2): the available periods in a
// selector ('Du {start} au {end}', DD/MM/YY), the selected period's card shown in the page, the
// card downloaded, and the card sent by e-mail, with the toasts of §8. Every call goes through
// the one HTTP client (src/providers/carteTp.ts). A failed load of the periods is re-raised by
// `loadPeriods` once the loading flag is cleared, and reported by its caller (§8).
import DownloadIcon from '@mui/icons-material/Download';
import SendIcon from '@mui/icons-material/Send';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify } from 'ra-core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CARTE_TP_MESSAGES } from '../../domain/carteTp.ts';
import { isEmailAddress } from '../../domain/email.ts';
import {
  type CarteTpClient,
  type CarteTpPeriod,
  carteTpClient,
  periodChoice,
} from '../../providers/carteTp.ts';
import { failureMessage } from '../../providers/httpClient.ts';

export const NO_CARD = "Aucune carte de tiers payant n'est disponible pour cet assuré.";
const INVALID_EMAIL = "Cette adresse n'est pas une adresse e-mail valide.";

/** Buttons keep their label on one line beside the fields. */
const NO_WRAP = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

const keyOf = (p: CarteTpPeriod) => `${p.debval}|${p.debfin}|${p.datenvoi}|${p.heure}`;

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export interface CarteTpProps {
  insuredId: number | string;
  /** The insured person's e-mail address, if known: the address field starts with it. */
  email?: string | null;
  client?: CarteTpClient;
}

export function CarteTp({ insuredId, email, client = carteTpClient }: CarteTpProps) {
  const notify = useNotify();
  const [periods, setPeriods] = useState<CarteTpPeriod[]>([]);
  const [loading, setLoading] = useState(true);
  /** The periods could not be loaded: said in the panel, with a retry (not « no card »). */
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState('');
  const [address, setAddress] = useState(email ?? '');
  const [busy, setBusy] = useState<'visu' | 'download' | 'email' | null>(null);
  const [shown, setShown] = useState<{ url: string; key: string } | null>(null);
  const shownUrl = useRef<string | null>(null);

  /** The periods; the loading flag is cleared before an error is re-raised (§8). */
  const loadPeriods = useCallback(async () => {
    setLoading(true);
    try {
      return await client.periods(insuredId);
    } finally {
      setLoading(false);
    }
  }, [client, insuredId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a reload.
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadPeriods().then(
      (list) => {
        if (!live) return;
        setPeriods(list);
        setSelected(list[0] ? keyOf(list[0]) : '');
      },
      () => {
        if (!live) return;
        setFailed(true);
        notify(CARTE_TP_MESSAGES.loadFailed, { type: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [loadPeriods, notify, attempt]);

  // The shown card's blob URL is released when another replaces it and when leaving.
  const show = (next: { url: string; key: string } | null) => {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    shownUrl.current = next?.url ?? null;
    setShown(next);
  };
  useEffect(
    () => () => {
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );

  const period = periods.find((p) => keyOf(p) === selected);
  const trimmed = address.trim();
  const addressOk = isEmailAddress(trimmed);

  const view = async () => {
    if (!period) return;
    setBusy('visu');
    try {
      const file = await client.visu(insuredId, period);
      show({ url: URL.createObjectURL(file.blob), key: keyOf(period) });
    } catch {
      notify(CARTE_TP_MESSAGES.loadFailed, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (!period) return;
    setBusy('download');
    try {
      // The current card through download_carte_tp; an older one through its own path.
      const file = period.current
        ? await client.download(insuredId)
        : await client.visu(insuredId, period);
      saveFile(file.blob, file.name);
    } catch {
      notify(CARTE_TP_MESSAGES.loadFailed, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    if (!period || !addressOk) return;
    setBusy('email');
    try {
      await client.email(insuredId, period, trimmed);
      notify(CARTE_TP_MESSAGES.emailSent, { type: 'success' });
    } catch (error) {
      notify(failureMessage(CARTE_TP_MESSAGES.emailFailed, error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Chargement des cartes de tiers payant" />
      </Box>
    );
  }

  return (
    <Box component="section" aria-label="Carte de tiers payant" sx={{ py: 2 }}>
      {failed ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography role="alert" color="error">
            {CARTE_TP_MESSAGES.loadFailed}
          </Typography>
          <Button variant="outlined" size="small" onClick={() => setAttempt((n) => n + 1)}>
            Réessayer
          </Button>
        </Stack>
      ) : periods.length === 0 ? (
        <Typography color="text.secondary">{NO_CARD}</Typography>
      ) : (
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              label="Période"
              value={selected}
              onChange={(event) => setSelected(event.target.value)}
              size="small"
              sx={{ minWidth: 340 }}
            >
              {periods.map((p) => (
                <MenuItem key={keyOf(p)} value={keyOf(p)}>
                  {periodChoice(p)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              startIcon={<VisibilityIcon />}
              sx={NO_WRAP}
              onClick={view}
              disabled={!period || busy !== null}
            >
              Voir
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              sx={NO_WRAP}
              onClick={download}
              disabled={!period || busy !== null}
            >
              Télécharger
            </Button>
          </Stack>
          {period?.contract && (
            <Typography variant="body2" color="text.secondary">
              Contrat {period.contract.lbContrat}
              {period.contract.lbProduit ? ` · ${period.contract.lbProduit}` : ''}
            </Typography>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                label="Adresse e-mail"
                type="email"
                size="small"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                error={trimmed !== '' && !addressOk}
                helperText={trimmed !== '' && !addressOk ? INVALID_EMAIL : ' '}
                sx={{ minWidth: 300 }}
              />
              <Button
                type="submit"
                variant="outlined"
                startIcon={<SendIcon />}
                sx={NO_WRAP}
                disabled={!period || !addressOk || busy !== null}
              >
                Envoyer par e-mail
              </Button>
            </Stack>
          </form>
          {busy && <CircularProgress size={24} aria-label="Traitement en cours" />}
          {shown && (
            <Box
              component="iframe"
              title="Carte de tiers payant"
              src={shown.url}
              sx={{
                width: '100%',
                height: { xs: 480, md: 720 },
                border: 1,
                borderColor: 'divider',
              }}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}
