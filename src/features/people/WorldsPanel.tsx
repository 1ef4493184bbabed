import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminWorld } from '../../../protocol';
import {
  useCreateWorldMutation,
  useListAdminWorldsQuery,
  useRenameWorldMutation,
} from './peopleApi';
import { useAdminAction } from './useAdminAction';

function WorldCard({ world }: { world: AdminWorld }) {
  const { t } = useTranslation();
  const [rename] = useRenameWorldMutation();
  const { run, busy } = useAdminAction();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(world.name);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const done = await run(
      () => rename({ id: world.world_id, name: name.trim() }),
      t('World {{id}} is now called {{name}}', { id: world.world_id, name: name.trim() }),
    );
    if (done) setEditing(false);
  }
  return (
    <Card component="li" variant="outlined">
      <CardContent>
        {editing ? (
          <Stack
            component="form"
            onSubmit={submit}
            direction="row"
            sx={{ gap: 1, flexWrap: 'wrap' }}
          >
            <TextField
              size="small"
              label={t('Name of {{id}}', { id: world.world_id })}
              value={name}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" variant="contained" disabled={busy || !name.trim()}>
              {t('Save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('Cancel')}</Button>
          </Stack>
        ) : (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {world.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {world.world_id} · {t('{{count}} members', { count: world.members })} ·{' '}
                {t('{{count}} administrators', { count: world.admins })}
              </Typography>
            </Box>
            <Button
              size="small"
              onClick={() => {
                setName(world.name);
                setEditing(true);
              }}
              aria-label={t('Rename {{name}}', { name: world.name })}
            >
              {t('Rename')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function CreateWorldForm() {
  const { t } = useTranslation();
  const [create] = useCreateWorldMutation();
  const { run, busy } = useAdminAction();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const done = await run(
      () => create({ id: id.trim(), name: name.trim() }),
      t('World {{id}} created; you administer it', { id: id.trim() }),
    );
    if (done) {
      setId('');
      setName('');
    }
  }
  return (
    <Stack
      component="form"
      onSubmit={submit}
      aria-label={t('Create a world')}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 1, mt: 2 }}
    >
      <TextField
        size="small"
        label={t('World id')}
        value={id}
        onChange={(e) => setId(e.target.value)}
        helperText={t('Letters, digits, - and _ (shown in addresses)')}
      />
      <TextField
        size="small"
        label={t('World name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={busy || !id.trim() || !name.trim()}>
          {t('Create world')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The worlds this administrator looks after: rename them; a global admin creates new ones. */
export function WorldsPanel({ worldId }: { worldId: string }) {
  const { t } = useTranslation();
  const { data } = useListAdminWorldsQuery(worldId, { skip: !worldId });
  if (!data) return null;
  return (
    <Box component="section" aria-labelledby="worlds-heading" sx={{ mt: 5 }}>
      <Typography id="worlds-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('Worlds')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
        }}
      >
        {data.worlds.map((w) => (
          <WorldCard key={w.world_id} world={w} />
        ))}
      </Box>
      {data.can_create && <CreateWorldForm />}
    </Box>
  );
}
