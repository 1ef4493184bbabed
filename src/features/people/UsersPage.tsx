import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PEOPLE_PAGE_SIZE } from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { AdminLayout, useAdminWorld } from '../admin/AdminLayout';
import { AdminPager } from '../admin/drives/AdminPager';
import { AddPersonDialog } from './AddPersonDialog';
import { PeopleList } from './PeopleList';
import { PersonDialog } from './PersonDialog';
import { useListPeopleQuery } from './peopleApi';
import { WorldsPanel } from './WorldsPanel';

/** Typing waits this long before the list is asked again (SPEC §9 debounce). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /admin/users (issue 21): a global administrator sees every account, a world
 * administrator the members of their world. Search, page, add, and open a
 * person to change their worlds and their account; the worlds below.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const worldId = useAdminWorld();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [world, setWorld] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data, isLoading, error } = useListPeopleQuery(
    { worldId, q, world, offset: (page - 1) * PEOPLE_PAGE_SIZE, limit: PEOPLE_PAGE_SIZE },
    { skip: !worldId },
  );
  const open = data?.people.find((p) => p.id === openId);
  const scope = data?.scope;

  return (
    <AdminLayout
      title={t('People')}
      crumbs={[{ label: t('People') }]}
      openToGlobalAdmins
      actions={
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
          {t('Add person')}
        </Button>
      }
    >
      {scope && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {scope.kind === 'global'
            ? t('Every account: you are a global administrator.')
            : t('The members of {{world}}, the world you administer.', { world: scope.world_id })}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', sm: scope?.kind === 'global' ? '1fr 240px' : '1fr' },
        }}
      >
        <TextField
          label={t('Search by name or email')}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        {scope?.kind === 'global' && (
          <TextField
            select
            label={t('World')}
            value={world}
            onChange={(e) => {
              setWorld(e.target.value);
              setPage(1);
            }}
          >
            <MenuItem value="">{t('All worlds')}</MenuItem>
            {data?.worlds.map((w) => (
              <MenuItem key={w.world_id} value={w.world_id}>
                {w.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {isLoading ? (
        <CircularProgress aria-label={t('Loading people')} />
      ) : error ? (
        <Alert severity="error">
          {t('Failed to load people: {{error}}', { error: errorMessage(error) })}
        </Alert>
      ) : !data?.people.length ? (
        <Typography color="text.secondary">
          {q ? t('No one matches "{{query}}"', { query: q }) : t('No accounts yet.')}
        </Typography>
      ) : (
        <>
          <PeopleList people={data.people} selfId={data.self_id} onOpen={setOpenId} />
          <AdminPager page={page} pageSize={PEOPLE_PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
      <WorldsPanel worldId={worldId} />
      {data && (
        <AddPersonDialog
          open={adding}
          onClose={() => setAdding(false)}
          scope={data.scope}
          worlds={data.worlds}
        />
      )}
      {open && data && (
        <PersonDialog
          person={open}
          scope={data.scope}
          worlds={data.worlds}
          isSelf={open.id === data.self_id}
          onClose={() => setOpenId(null)}
        />
      )}
    </AdminLayout>
  );
}
