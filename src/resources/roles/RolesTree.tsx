// The roles tree (spec administration §2 "Roles tree", §3, §7 updateRolesTree): folders and
// the rights they hold, in their order. Dragged with the pointer or with the keyboard through
// dnd-kit (Espace saisit, les flèches déplacent, Espace dépose), and each row also has buttons
// to move it up, down, or into another folder. Nothing is saved until « Enregistrer l'arbre »:
// the whole tree in one call, which the server takes whole or refuses whole.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DragIcon from '@mui/icons-material/DragIndicator';
import FolderIcon from '@mui/icons-material/Folder';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useGetList, useNotify } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import { CreateButton, Link } from 'react-admin';
import { PageFrame } from '../../components/PageFrame.tsx';
import { TREE_CHANGED_ELSEWHERE, treeVersion } from '../../domain/rolesTree.ts';
import { Role } from '../../domain/schema/rights.ts';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';
import { useClassLiveUpdates } from '../../providers/liveUpdates.ts';
import type { PageProps } from '../types.ts';
import {
  buildTree,
  moveBy,
  moveInto,
  parentOf,
  type RoleRecord,
  sameTree,
  type Tree,
  treeBody,
} from './tree.ts';

const LOAD_ERROR = 'Une erreur est survenue durant le chargement des droits';
const SAVE_ERROR = 'Une erreur est survenue durant la requête';
const ROOT = 'racine';
const containerId = (folder: number | null) => (folder === null ? ROOT : `dossier-${folder}`);
const folderOfContainer = (id: string): number | null =>
  id === ROOT ? null : Number(id.replace('dossier-', ''));

const label = (role: RoleRecord) => role.description || role.name;

interface DragMove {
  active: { id: UniqueIdentifier };
  over: { id: UniqueIdentifier } | null;
}

/** What the screen reader hears while a row is dragged with the keyboard. */
function accessibility(nameOf: (id: UniqueIdentifier | undefined) => string) {
  return {
    screenReaderInstructions: {
      draggable:
        'Pour déplacer ce droit, appuyez sur Espace, puis sur les flèches haut et bas ; Espace pour le déposer, Échap pour annuler.',
    },
    announcements: {
      onDragStart: ({ active }: { active: { id: UniqueIdentifier } }) =>
        `« ${nameOf(active.id)} » saisi.`,
      // Over itself (the start): nothing more to say than that it was picked up.
      onDragOver: ({ active, over }: DragMove) =>
        over?.id === active.id
          ? undefined
          : over
            ? `Au niveau de « ${nameOf(over.id)} ».`
            : 'Hors de l’arbre.',
      onDragEnd: ({ over }: { over: { id: UniqueIdentifier } | null }) =>
        over ? `Déposé au niveau de « ${nameOf(over.id)} ».` : 'Déposé.',
      onDragCancel: () => 'Déplacement annulé.',
    },
  };
}

export function RolesTree({ title, http = httpClient }: PageProps & { http?: HttpClient }) {
  const notify = useNotify();
  const { data, isPending, error, refetch } = useGetList<RoleRecord & { id: number }>('roles', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'listOrder', order: 'ASC' },
  });
  const loaded = useMemo(() => buildTree(data ?? []), [data]);
  // The version saved against (If-Match): another session's save meanwhile is refused, 412.
  const version = useMemo(() => treeVersion(data ?? []), [data]);
  const [tree, setTree] = useState<Tree>(loaded);
  const [saving, setSaving] = useState(false);
  /** Another session saved the tree while this one had changes of its own. */
  const [outdated, setOutdated] = useState(false);
  useEffect(() => setTree(loaded), [loaded]);
  const byId = useMemo(() => new Map((data ?? []).map((r) => [r.id, r])), [data]);
  const folders = useMemo(() => (data ?? []).filter((r) => r.isFolder), [data]);
  const changed = !sameTree(tree, loaded);
  // Another session's save: followed at once when nothing is being changed here; otherwise
  // the changes stay on screen and the administrator is told before saving. Our own save's
  // announcement comes back while `saving`: ignored (the save reads the tree again itself).
  useClassLiveUpdates(() => {
    if (saving) return;
    if (changed) setOutdated(true);
    else void refetch();
  });
  /** Drops this session's changes for the tree as saved now. */
  const reload = async () => {
    setOutdated(false);
    setTree(loaded);
    await refetch();
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** The container a drop target stands for: a folder's list, or the list a row is in. */
  const containerOf = (id: string | number): number | null =>
    typeof id === 'string' ? folderOfContainer(id) : parentOf(tree, id);

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || active.id === over.id) return;
    const from = containerOf(active.id);
    const to = containerOf(over.id);
    if (from === to) return;
    const siblings = tree.get(to) ?? [];
    const index = typeof over.id === 'number' ? siblings.indexOf(over.id) : siblings.length;
    setTree((current) => moveInto(current, active.id as number, to, index));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || typeof over.id !== 'number') return;
    const parent = parentOf(tree, active.id as number);
    if (parentOf(tree, over.id) !== parent) return;
    const index = (tree.get(parent) ?? []).indexOf(over.id);
    setTree((current) => moveInto(current, active.id as number, parent, index));
  };

  const save = async () => {
    setSaving(true);
    try {
      await http('/api/roles/updateRolesTree', {
        method: 'POST',
        body: treeBody(tree),
        headers: { 'If-Match': version },
        retries: 0,
      });
      notify("L'arbre des droits est enregistré.", { type: 'success' });
      setOutdated(false);
      await refetch();
    } catch (failure) {
      if ((failure as { status?: number }).status === 412) setOutdated(true);
      notify((failure as Error).message || SAVE_ERROR, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const rows = (parent: number | null, depth: number) => (
    <Container id={containerId(parent)} items={tree.get(parent) ?? []}>
      {(tree.get(parent) ?? []).map((id, index, siblings) => {
        const role = byId.get(id);
        if (!role) return null;
        return (
          <Row
            key={id}
            role={role}
            depth={depth}
            first={index === 0}
            last={index === siblings.length - 1}
            folder={parent}
            folders={folders.filter((f) => f.id !== id)}
            onMove={(step) => setTree((current) => moveBy(current, id, step))}
            onMoveInto={(folder) => setTree((current) => moveInto(current, id, folder))}
          >
            {role.isFolder ? rows(id, depth + 1) : null}
          </Row>
        );
      })}
    </Container>
  );

  return (
    <PageFrame
      title={title}
      screen="roles-tree"
      busy={isPending || saving}
      failed={error ? { message: LOAD_ERROR, retry: () => refetch() } : undefined}
    >
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 760 }}>
        Faites glisser un droit pour le réordonner ou le ranger dans un autre dossier, ou utilisez
        ses boutons ; au clavier, la poignée se saisit avec Espace et se déplace avec les flèches.
        Rien n'est enregistré avant « Enregistrer l'arbre ».
      </Typography>
      {outdated && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Recharger l'arbre
            </Button>
          }
        >
          {TREE_CHANGED_ELSEWHERE}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button variant="contained" onClick={save} disabled={!changed || saving}>
          Enregistrer l'arbre
        </Button>
        <Button onClick={() => setTree(loaded)} disabled={!changed || saving}>
          Annuler les changements
        </Button>
        <CreateButton resource="roles" label="Nouveau droit" />
      </Stack>
      <Card variant="outlined" sx={{ p: 1 }}>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          accessibility={accessibility((id) => {
            if (typeof id === 'string') return id === ROOT ? 'la racine' : 'ce dossier';
            const role = typeof id === 'number' ? byId.get(id) : undefined;
            return role ? label(role) : '';
          })}
        >
          {rows(null, 0)}
        </DndContext>
      </Card>
    </PageFrame>
  );
}

function Container({
  id,
  items,
  children,
}: {
  id: string;
  items: number[];
  children: React.ReactNode;
}) {
  // Only an empty folder is a drop target of its own: a full one is reached through its rows,
  // so that the keyboard's arrows go from row to row rather than onto whole folders.
  const { setNodeRef } = useDroppable({ id, disabled: items.length > 0 });
  return (
    <SortableContext id={id} items={items} strategy={verticalListSortingStrategy}>
      <Box component="ul" ref={setNodeRef} sx={{ listStyle: 'none', m: 0, p: 0, minHeight: 8 }}>
        {children}
      </Box>
    </SortableContext>
  );
}

interface RowProps {
  role: RoleRecord;
  depth: number;
  first: boolean;
  last: boolean;
  folder: number | null;
  folders: RoleRecord[];
  onMove(step: -1 | 1): void;
  onMoveInto(folder: number | null): void;
  children: React.ReactNode;
}

function Row({
  role,
  depth,
  first,
  last,
  folder,
  folders,
  onMove,
  onMoveInto,
  children,
}: RowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: role.id });
  const name = label(role);
  return (
    <Box
      component="li"
      data-testid={`role-${role.name}`}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
      }}
    >
      {/* The row, not the folder's whole content, is what is measured and dropped onto. */}
      {/* On a phone the row wraps: the folder selector goes under the name, nothing overlaps. */}
      <Stack
        ref={setNodeRef}
        direction="row"
        spacing={1}
        useFlexGap
        sx={{
          alignItems: 'center',
          flexWrap: 'wrap',
          rowGap: 0.5,
          pl: { xs: 1 + depth * 1.5, sm: 2 + depth * 3 },
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          aria-label={`Déplacer « ${name} »`}
          {...attributes}
          {...listeners}
          sx={{ cursor: 'grab' }}
        >
          <DragIcon fontSize="small" />
        </IconButton>
        {role.isFolder && <FolderIcon fontSize="small" color="action" aria-hidden />}
        <Box sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
          <Link to={`/admin/droits/arbre/${role.id}`}>{name}</Link>
          {!role.isFolder && (
            <Chip
              label={role.name}
              size="small"
              variant="outlined"
              sx={{ ml: 1, maxWidth: '100%' }}
            />
          )}
        </Box>
        <Tooltip title="Monter">
          <span>
            <IconButton
              size="small"
              aria-label={`Monter « ${name} »`}
              disabled={first}
              onClick={() => onMove(-1)}
            >
              <ArrowUpIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Descendre">
          <span>
            <IconButton
              size="small"
              aria-label={`Descendre « ${name} »`}
              disabled={last}
              onClick={() => onMove(1)}
            >
              <ArrowDownIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        {!role.isFolder && (
          <TextField
            select
            size="small"
            label={Role.properties.parent.label}
            value={folder ?? ''}
            onChange={(event) =>
              onMoveInto(event.target.value === '' ? null : Number(event.target.value))
            }
            sx={{ width: { xs: '100%', sm: 200 } }}
            slotProps={{ htmlInput: { 'aria-label': `Dossier de « ${name} »` } }}
          >
            <MenuItem value="">(racine)</MenuItem>
            {folders.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {label(f)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {children}
    </Box>
  );
}
