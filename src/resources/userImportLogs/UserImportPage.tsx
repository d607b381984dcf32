// /users/imports (spec administration §2, §3 "Import log"): a CSV or XLSX file of users, a
// comment and whether the invitations leave at once, sent to the server (src/providers/
// userImports.ts); its progress followed over the hub, then how its rows ended, and the way to
// its detail. A refused file says the server's French words and keeps the form as it was.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  Link as MuiLink,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import {
  type ChangeEvent,
  type FormEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useGetIdentity } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame.tsx';
import { UserImportLog } from '../../domain/schema/userImport.ts';
import {
  IMPORT_ACCEPT,
  IMPORT_FORMATS,
  IMPORT_LIMITS,
  logWarningLevel,
  SEND_MAIL_CHOICE,
} from '../../domain/userImport.ts';
import {
  appImporter,
  IMPORT_MESSAGES,
  ImportLost,
  type ImportProgress,
  ImportRefused,
  type ImportResult,
} from '../../providers/userImports.ts';
import type { PageProps } from '../types.ts';
import {
  DOCUMENTATION_PATH,
  fileSize,
  importPath,
  LEVEL_COLORS,
  StatusChip,
  statusLabel,
} from './importParts.tsx';

export const IMPORT_FORM_MESSAGES = {
  tooBig: `Le fichier dépasse ${fileSize(IMPORT_LIMITS.maxBytes)}, la taille maximale d'un import.`,
  wrongType: 'Le fichier doit être au format CSV ou XLSX.',
  empty: 'Le fichier est vide.',
  sendMailHelp:
    "Conseillé : les comptes créés ne peuvent se connecter qu'après avoir choisi leur mot de passe depuis cette invitation. Sinon, envoyez-les plus tard depuis le détail de l'import.",
} as const;

const labels = UserImportLog.properties;

/** Whether a file's name says CSV or XLSX. */
const isImportFile = (file: File) =>
  IMPORT_FORMATS.some((format) => file.name.toLowerCase().endsWith(`.${format}`));

type State =
  | { step: 'idle' }
  | { step: 'sending' }
  | { step: 'running'; id?: number; progress?: ImportProgress }
  | { step: 'done'; result: ImportResult }
  | { step: 'refused'; message: string; details: string[] }
  | { step: 'lost'; id?: number };

function Progress({ progress }: { progress?: ImportProgress }) {
  const total = progress?.total ?? 0;
  const processed = Math.min(progress?.processed ?? 0, total);
  const value = total > 0 ? Math.round((processed / total) * 100) : undefined;
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label="Progression de l'import"
      />
      <Typography variant="body2" sx={{ mt: 1 }} role="status">
        {total > 0
          ? `${processed} / ${total} lignes traitées`
          : progress
            ? 'Lecture du fichier…'
            : 'Envoi du fichier…'}
      </Typography>
    </Box>
  );
}

function Result({ result }: { result: ImportResult }) {
  const level = logWarningLevel(result.processStatus);
  return (
    <Alert severity={LEVEL_COLORS[level]} sx={{ mt: 2 }} role="status">
      <AlertTitle>
        Import terminé : {statusLabel(result.processStatus)}{' '}
        <StatusChip status={result.processStatus} kind="log" />
      </AlertTitle>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0 }}
      >
        <dt>{labels.rowCount.label}</dt>
        <Box component="dd" sx={{ m: 0 }} data-count="total">
          {result.total}
        </Box>
        <dt>{labels.successCount.label}</dt>
        <Box component="dd" sx={{ m: 0 }} data-count="success">
          {result.success}
        </Box>
        <dt>{labels.warningCount.label}</dt>
        <Box component="dd" sx={{ m: 0 }} data-count="warning">
          {result.warning}
        </Box>
        <dt>{labels.failedCount.label}</dt>
        <Box component="dd" sx={{ m: 0 }} data-count="failed">
          {result.failed}
        </Box>
      </Box>
      {result.errorMessage && <Typography sx={{ mt: 1 }}>{result.errorMessage}</Typography>}
      <Button
        component={Link}
        to={importPath(result.id)}
        variant="outlined"
        color="inherit"
        size="small"
        sx={{ mt: 1 }}
      >
        Voir le détail
      </Button>
    </Alert>
  );
}

export function UserImportPage({ title }: PageProps) {
  const { identity } = useGetIdentity();
  const importer = useMemo(() => appImporter(), []);
  const fileInput = useId();
  const fileHelp = useId();
  const mailHelp = useId();
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [sendMail, setSendMail] = useState(true);
  const [state, setState] = useState<State>({ step: 'idle' });

  // Leaving the page stops following the import (it goes on on the server).
  useEffect(() => () => running.current?.abort(), []);

  const busy = state.step === 'sending' || state.step === 'running';
  // A refusal takes the focus from the button, disabled while sending: its message gets it, so
  // that a keyboard or a screen reader user goes on from there, not from the page's start.
  const failure = useRef<HTMLDivElement>(null);
  const failed = state.step === 'refused' || state.step === 'lost';
  useEffect(() => {
    if (failed) failure.current?.focus();
  }, [failed]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setFileError(IMPORT_FORM_MESSAGES.tooBig);
      setFile(null);
    } else if (!isImportFile(chosen)) {
      setFileError(IMPORT_FORM_MESSAGES.wrongType);
      setFile(null);
    } else if (chosen.size === 0) {
      setFileError(IMPORT_FORM_MESSAGES.empty);
      setFile(null);
    } else {
      setFileError(null);
      setFile(chosen);
    }
    // The same file may be chosen again after a change.
    event.target.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    const abort = new AbortController();
    running.current = abort;
    setState({ step: 'sending' });
    try {
      const result = await importer({
        file,
        comment: comment.trim(),
        sendMailImmediatly: sendMail,
        login: String(identity?.id ?? ''),
        signal: abort.signal,
        onAccepted: (log) => setState({ step: 'running', id: log.id }),
        onProgress: (progress) =>
          setState((current) => (current.step === 'running' ? { ...current, progress } : current)),
      });
      if (abort.signal.aborted) return;
      setState({ step: 'done', result });
      // Imported: the form is ready for another file.
      setFile(null);
      setComment('');
    } catch (error) {
      if (abort.signal.aborted) return;
      if (error instanceof ImportRefused) {
        setState({ step: 'refused', message: error.message, details: error.details });
      } else if (error instanceof ImportLost) {
        setState({ step: 'lost', id: error.id });
      } else {
        setState({ step: 'refused', message: IMPORT_MESSAGES.requestFailed, details: [] });
      }
    } finally {
      if (running.current === abort) running.current = null;
    }
  };

  return (
    <PageFrame title={title} screen="user-import">
      <Card sx={{ maxWidth: 760 }}>
        <CardContent>
          <Box component="form" onSubmit={submit} noValidate aria-label={title}>
            <Stack spacing={3}>
              <Typography variant="body2">
                Un fichier CSV ou XLSX, une ligne par compte à créer (
                {fileSize(IMPORT_LIMITS.maxBytes)} au plus).{' '}
                <MuiLink component={Link} to={DOCUMENTATION_PATH}>
                  Format du fichier et modèles à télécharger
                </MuiLink>
              </Typography>

              <Box>
                <Box
                  component="input"
                  ref={input}
                  id={fileInput}
                  type="file"
                  name="file"
                  accept={IMPORT_ACCEPT}
                  onChange={choose}
                  disabled={busy}
                  aria-describedby={fileHelp}
                  aria-invalid={fileError ? true : undefined}
                  sx={{
                    ...visuallyHidden,
                    '&:focus-visible + label': {
                      outline: '2px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: 2,
                    },
                  }}
                />
                <Box
                  component="label"
                  htmlFor={fileInput}
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 1,
                    px: 2,
                    py: 0.75,
                    border: 1,
                    borderColor: busy ? 'action.disabled' : 'primary.main',
                    borderRadius: 1,
                    color: busy ? 'text.disabled' : 'primary.main',
                    cursor: busy ? 'default' : 'pointer',
                    fontWeight: 500,
                    '&:hover': busy ? undefined : { bgcolor: 'action.hover' },
                  }}
                >
                  {/* The input itself takes the focus and opens the picker (Enter, Space). */}
                  <UploadFileIcon fontSize="small" aria-hidden />
                  Fichier à importer (CSV ou XLSX)
                </Box>
                <FormHelperText id={fileHelp} error={Boolean(fileError)} sx={{ mt: 1 }}>
                  {fileError ??
                    (file
                      ? `Fichier choisi : ${file.name} (${fileSize(file.size)})`
                      : 'Aucun fichier choisi.')}
                </FormHelperText>
              </Box>

              <TextField
                label={labels.comment.label}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                disabled={busy}
                multiline
                minRows={2}
                fullWidth
                helperText={`${comment.length} / ${IMPORT_LIMITS.maxComment} caractères`}
                slotProps={{ htmlInput: { maxLength: IMPORT_LIMITS.maxComment } }}
              />

              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={sendMail}
                      onChange={(event) => setSendMail(event.target.checked)}
                      disabled={busy}
                      slotProps={{ input: { 'aria-describedby': mailHelp } }}
                    />
                  }
                  label={SEND_MAIL_CHOICE}
                />
                <FormHelperText id={mailHelp}>{IMPORT_FORM_MESSAGES.sendMailHelp}</FormHelperText>
              </Box>

              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={busy || !file || !identity}
                  startIcon={<UploadFileIcon />}
                >
                  Importer
                </Button>
              </Box>
            </Stack>
          </Box>

          {busy && <Progress progress={state.step === 'running' ? state.progress : undefined} />}

          {state.step === 'done' && <Result result={state.result} />}

          {state.step === 'refused' && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert" ref={failure} tabIndex={-1}>
              {state.message}
              {state.details.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {state.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}

          {state.step === 'lost' && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert" ref={failure} tabIndex={-1}>
              {IMPORT_MESSAGES.requestFailed}
              {state.id !== undefined && (
                <>
                  {' '}
                  <MuiLink component={Link} to={importPath(state.id)}>
                    Voir le détail
                  </MuiLink>
                </>
              )}
            </Alert>
          )}
        </CardContent>
      </Card>
    </PageFrame>
  );
}
