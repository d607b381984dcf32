// /users/imports/documentation (spec administration §2): what an import file holds, its limits,
// its columns (src/domain/userImport.ts IMPORT_COLUMNS, the same the server reads and the
// templates write), how each row ends, and the templates to download (CSV, XLSX), fetched with
// the app's HTTP client since they need the bearer token.
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useNotify } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorToast } from '../../components/list/index.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import {
  columnLabel,
  IMPORT_COLUMNS,
  IMPORT_FORMATS,
  IMPORT_LIMITS,
  type ImportFormat,
  SEND_MAIL_CHOICE,
  STATUS_LABELS,
} from '../../domain/userImport.ts';
import { downloadTemplate, IMPORT_MESSAGES } from '../../providers/userImports.ts';
import type { PageProps } from '../types.ts';
import { count, fileSize, StatusChip } from './importParts.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function TemplateButtons() {
  const notify = useNotify();
  const [loading, setLoading] = useState<ImportFormat | null>(null);
  const download = async (format: ImportFormat) => {
    setLoading(format);
    try {
      await downloadTemplate(format);
    } catch {
      const text = IMPORT_MESSAGES.templateFailed(format);
      notify(text, errorToast(text));
    } finally {
      setLoading(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {IMPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download(format)}
          disabled={loading !== null}
        >
          Télécharger le modèle {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}

export function UserImportDocumentation({ title }: PageProps) {
  return (
    <PageFrame title={title} screen="user-import-documentation">
      <Card>
        <CardContent>
          <Section title="Modèles">
            <Typography variant="body2" sx={{ mb: 2 }}>
              Partez d'un modèle : il contient les en-têtes attendus et une ligne d'exemple à
              remplacer. Laissée dans le fichier, la ligne d'exemple est ignorée (avertissement) :
              elle ne crée aucun compte.
            </Typography>
            <TemplateButtons />
          </Section>

          <Section title="Format du fichier">
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              <li>
                <Typography variant="body2">
                  CSV : encodé en UTF-8 (avec ou sans BOM) ou en Windows-1252 (« CSV (séparateur :
                  point-virgule) » d'Excel), les colonnes séparées par un point-virgule (;) ou une
                  virgule (,), la première ligne donnant les en-têtes.
                </Typography>
              </li>
              <li>
                <Typography variant="body2">
                  XLSX : seule la première feuille est lue, sa première ligne donnant les en-têtes.
                </Typography>
              </li>
              <li>
                <Typography variant="body2">
                  Une ligne par compte ; une colonne est reconnue par son en-tête ou par son
                  libellé, dans n'importe quel ordre. Les colonnes obligatoires doivent être
                  présentes.
                </Typography>
              </li>
            </Box>
          </Section>

          <Section title="Limites">
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              <li>
                <Typography variant="body2" data-limit="size">
                  Taille du fichier : {fileSize(IMPORT_LIMITS.maxBytes)} au plus.
                </Typography>
              </li>
              <li>
                <Typography variant="body2" data-limit="rows">
                  Nombre de lignes : {count(IMPORT_LIMITS.maxRows)} lignes au plus, sans compter la
                  ligne d'en-têtes.
                </Typography>
              </li>
              <li>
                <Typography variant="body2">
                  Un fichier XLSX ne doit pas dépasser {fileSize(IMPORT_LIMITS.maxUnpackedBytes)}{' '}
                  une fois décompressé.
                </Typography>
              </li>
              <li>
                <Typography variant="body2">
                  Commentaire de l'import : {IMPORT_LIMITS.maxComment} caractères au plus.
                </Typography>
              </li>
            </Box>
          </Section>

          <Section title="Colonnes">
            {/* A region that scrolls sideways on a phone: reachable and scrollable by keyboard. */}
            <Box
              role="region"
              aria-label="Colonnes du fichier"
              tabIndex={0}
              sx={{ width: '100%', overflowX: 'auto' }}
            >
              <Table size="small" aria-label="Colonnes du fichier">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      En-tête
                    </TableCell>
                    <TableCell component="th" scope="col">
                      Libellé
                    </TableCell>
                    <TableCell component="th" scope="col">
                      Obligatoire
                    </TableCell>
                    <TableCell component="th" scope="col">
                      Contenu
                    </TableCell>
                    <TableCell component="th" scope="col">
                      Exemple
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {IMPORT_COLUMNS.map((column) => (
                    <TableRow key={column.header}>
                      <TableCell component="th" scope="row">
                        <code>{column.header}</code>
                      </TableCell>
                      <TableCell>{columnLabel(column)}</TableCell>
                      <TableCell>{column.required ? 'Oui' : 'Non'}</TableCell>
                      <TableCell>{column.help}</TableCell>
                      <TableCell>{column.example ? <code>{column.example}</code> : '-'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Section>

          <Section title="Résultat de chaque ligne">
            <Stack spacing={1}>
              <Typography variant="body2" component="div">
                <StatusChip status="success" kind="row" /> Le compte est créé ; son invitation à
                choisir un mot de passe part aussitôt si « {SEND_MAIL_CHOICE} » est coché, sinon
                depuis le détail de l'import.
              </Typography>
              <Typography variant="body2" component="div">
                <StatusChip status="warning" kind="row" /> La ligne est ignorée parce que son
                identifiant existe déjà dans le royaume, ou le compte est créé mais son e-mail
                d'invitation n'a pas pu partir.
              </Typography>
              <Typography variant="body2" component="div">
                <StatusChip status="failed" kind="row" /> Rien n'est créé : une valeur manque ou
                n'est pas valable ; le message de la ligne dit laquelle.
              </Typography>
              <Typography variant="body2">
                L'import prend le statut de sa pire ligne : « {STATUS_LABELS.failed} » dès qu'une
                ligne échoue (ou si le fichier entier est refusé), « {STATUS_LABELS.warning} » dès
                qu'une ligne est en avertissement, sinon « {STATUS_LABELS.success} ».
              </Typography>
            </Stack>
          </Section>

          <Section title="Réimporter un fichier">
            <Typography variant="body2">
              Un identifiant qui existe déjà est ignoré (avertissement) : un fichier peut être
              réimporté après correction des lignes en échec sans créer de doublon.
            </Typography>
          </Section>

          <Typography variant="body2">
            <MuiLink component={Link} to="/users/imports">
              Importer un fichier
            </MuiLink>
            {' · '}
            <MuiLink component={Link} to="/users/imports/list">
              Historique des imports
            </MuiLink>
          </Typography>
        </CardContent>
      </Card>
    </PageFrame>
  );
}
