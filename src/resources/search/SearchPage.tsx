// /recherche (spec administration §2, §3 "Search result", §7 POST /search, §8): the search text
// and the category live in the address (?q=...&categorie=...), so that a search can be shared,
// reloaded and reached from the header's search box. The category selector is labelled
// 'Catégories', its default id 0 (every category). The results are grouped by category, each
// one a link opening its detail. A failed search toasts the §8 text once the loading flag is
// cleared.
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  FormControl,
  InputLabel,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { HttpError, useNotify } from 'ra-core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Title } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { SEARCH_RESULTS_PER_CATEGORY } from '../../domain/search.ts';
import {
  ALL_CATEGORIES,
  SEARCH_CATEGORIES,
  SEARCH_FAILURE,
  type SearchClient,
  type SearchEntry,
  searchClient,
} from '../../providers/search.ts';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';

export { searchPath } from './searchPath.ts';

export const SEARCH_MESSAGES = {
  field: 'Rechercher',
  helper: 'Numéro de contrat, nom, raison sociale, produit…',
  button: 'Rechercher',
  none: 'Aucun résultat pour cette recherche.',
  prompt: 'Saisissez un numéro de contrat, un nom, une raison sociale ou un produit.',
  loading: 'Recherche en cours',
  results: (count: number) => (count === 1 ? '1 résultat' : `${count} résultats`),
  /**
   * Some category holds as many results as were asked: there may be more, and the count is of
   * those shown only (the answer holds no totals).
   */
  cut: (count: number, limit: number, oneCategory: boolean) =>
    `${count} ${count === 1 ? 'résultat affiché' : 'résultats affichés'} ` +
    (oneCategory ? `(les ${limit} premiers)` : `(au plus ${limit} par catégorie)`),
  more: (category: string) => `Voir plus de résultats : ${category}`,
  narrow: (limit: number) =>
    `Seuls les ${limit} premiers résultats sont affichés : précisez la recherche.`,
} as const;

/**
 * Results asked per category: every category, the server's default; one chosen, its most.
 * The answer holds no totals, so a category as full as asked may hold more.
 */
export const limitFor = (category: number): number =>
  category === ALL_CATEGORIES.id
    ? SEARCH_RESULTS_PER_CATEGORY.default
    : SEARCH_RESULTS_PER_CATEGORY.max;

const categoryOf = (id: number) => SEARCH_CATEGORIES.find((c) => c.id === id);

/** The detail a result opens (contracts /contrats/{id}, insured persons /assures/{id}...). */
export function resultPath(entry: SearchEntry): string | undefined {
  const category = categoryOf(entry.categoryId);
  return category ? specPath(category.resource, 'show', entry.sourceId) : undefined;
}

function readCategory(raw: string | null): number {
  const id = Number(raw ?? 0);
  return categoryOf(id) ? id : ALL_CATEGORIES.id;
}

/**
 * One search, its loading flag cleared before anything else: on failure the error is raised
 * again once `setLoading(false)` has run (spec §8), for the caller to report.
 */
export async function runSearch(
  client: SearchClient,
  query: string,
  category: number,
  setLoading: (loading: boolean) => void,
): Promise<SearchEntry[]> {
  setLoading(true);
  try {
    const limit = limitFor(category);
    const found = await client({
      query,
      category,
      ...(limit === SEARCH_RESULTS_PER_CATEGORY.default ? {} : { limit }),
    });
    setLoading(false);
    return found;
  } catch (error) {
    setLoading(false);
    throw error;
  }
}

/** One result: a link to its detail (a category without a detail screen: plain text). */
function SearchResult({ entry }: { entry: SearchEntry }) {
  const to = resultPath(entry);
  const text = (
    <ListItemText primary={entry.content.label} secondary={entry.content.detail ?? undefined} />
  );
  return to ? (
    <ListItemButton component={Link} to={to}>
      {text}
    </ListItemButton>
  ) : (
    <Box sx={{ px: 2 }}>{text}</Box>
  );
}

/** The server's reason without its field's name (« query: »): the page has one box. */
function reasonOf(error: HttpError): string {
  const { violations } = (error.body ?? {}) as { violations?: { message?: unknown }[] };
  const messages = (violations ?? []).map((v) => v.message).filter((m) => typeof m === 'string');
  return messages.length ? messages.join(' ') : error.message;
}

export interface SearchPageProps extends Partial<PageProps> {
  /** The search client; the application's by default (tests give their own). */
  client?: SearchClient;
}

export function SearchPage({ title = 'Recherche', client = searchClient }: SearchPageProps) {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const category = readCategory(params.get('categorie'));
  const [text, setText] = useState(query);
  const [loading, setLoading] = useState(false);
  const [entries, setEntries] = useState<SearchEntry[] | null>(null);
  /** The server's reason for refusing the text (« au moins une lettre ou un chiffre »). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const latest = useRef(0);

  // The box follows the address (the header's box, the browser's back button).
  useEffect(() => setText(query), [query]);

  useEffect(() => {
    const id = ++latest.current;
    if (!query) {
      setEntries(null);
      return;
    }
    const current = () => id === latest.current;
    setRefusal(null);
    runSearch(client, query, category, (flag) => current() && setLoading(flag))
      .then((found) => current() && setEntries(found))
      .catch((error: unknown) => {
        if (!current()) return;
        setEntries(null);
        // A text the server refuses (from the address: « % », 201 characters) is said by the
        // server's own words beside the box; any other failure is the toast of §8.
        if (error instanceof HttpError && [400, 422].includes(error.status) && error.message) {
          setRefusal(reasonOf(error));
          return;
        }
        notify(SEARCH_FAILURE, { type: 'error', messageArgs: { _: SEARCH_FAILURE } });
      });
    return () => {
      // A newer search (or leaving the page) makes this one's answer moot.
      if (current()) latest.current++;
    };
  }, [client, query, category, notify]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (!next) return;
    const search = new URLSearchParams(params);
    search.set('q', next);
    setParams(search);
  };

  const chooseCategory = (id: number) => {
    const search = new URLSearchParams(params);
    if (id) search.set('categorie', String(id));
    else search.delete('categorie');
    setParams(search);
  };

  const limit = limitFor(category);
  const groups = SEARCH_CATEGORIES.map((c) => ({
    ...c,
    entries: (entries ?? []).filter((e) => e.categoryId === c.id),
  }))
    .filter((g) => g.entries.length > 0)
    .map((g) => ({ ...g, full: g.entries.length >= limit }));
  const oneCategory = category !== ALL_CATEGORIES.id;
  const cut = groups.some((g) => g.full);

  return (
    <Box sx={{ mt: 2 }} data-screen="search">
      {/* The page's h1 and browser title (layout/PageTitle.tsx). */}
      <Title title={title} />
      <Box component="form" role="search" onSubmit={submit} noValidate sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'start' }}>
          <TextField
            label={SEARCH_MESSAGES.field}
            helperText={SEARCH_MESSAGES.helper}
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            type="search"
            autoComplete="off"
            sx={{ flex: 1, minWidth: 0, width: '100%' }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {/* A fixed width beside the text field: the theme's full-width form controls otherwise
              took the row and left the text field 24 px wide (axe's target-size). */}
          <FormControl
            size="small"
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
          >
            <InputLabel id="search-category-label">{ALL_CATEGORIES.label}</InputLabel>
            <Select
              labelId="search-category-label"
              label={ALL_CATEGORIES.label}
              value={category}
              onChange={(event) => chooseCategory(Number(event.target.value))}
            >
              <MenuItem value={ALL_CATEGORIES.id}>{ALL_CATEGORIES.label}</MenuItem>
              {SEARCH_CATEGORIES.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            sx={{ flexShrink: 0 }}
          >
            {SEARCH_MESSAGES.button}
          </Button>
        </Stack>
      </Box>
      {loading && <LinearProgress aria-label={SEARCH_MESSAGES.loading} sx={{ mb: 1 }} />}
      {refusal && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {refusal}
        </Alert>
      )}
      {!query && (
        <Typography variant="body2" color="text.secondary">
          {SEARCH_MESSAGES.prompt}
        </Typography>
      )}
      {query && entries && entries.length === 0 && (
        <Typography role="status" variant="body2">
          {SEARCH_MESSAGES.none}
        </Typography>
      )}
      {entries && entries.length > 0 && (
        <>
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {cut
              ? SEARCH_MESSAGES.cut(entries.length, limit, oneCategory)
              : SEARCH_MESSAGES.results(entries.length)}
          </Typography>
          {cut && oneCategory && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {SEARCH_MESSAGES.narrow(limit)}
            </Alert>
          )}
          {groups.map((group) => (
            <Box component="section" key={group.id} aria-labelledby={`search-group-${group.id}`}>
              <Typography
                variant="h2"
                id={`search-group-${group.id}`}
                sx={{ fontSize: '1.25rem', mt: 2, mb: 0.5 }}
              >
                {group.label}
              </Typography>
              <List dense aria-labelledby={`search-group-${group.id}`}>
                {group.entries.map((entry) => (
                  <SearchResult key={entry.sourceId} entry={entry} />
                ))}
              </List>
              {group.full && !oneCategory && (
                <Button size="small" onClick={() => chooseCategory(group.id)}>
                  {SEARCH_MESSAGES.more(group.label)}
                </Button>
              )}
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
