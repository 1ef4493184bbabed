import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';
import { AdminLayout, useAdminWorld } from '../AdminLayout';
import { McpServerCard } from './McpServerCard';
import {
  errorText,
  useAddMcpServerMutation,
  useListMcpServersQuery,
  useReloadMcpConfigMutation,
  useRemoveMcpServerMutation,
  useSetMcpServerEnabledMutation,
} from './mcpApi';

/**
 * Admin → MCP servers (issue 22): the operator's servers (MCP_CONFIG, which
 * Reload reads again) and the ones this world added by URL, each turned on
 * or off for the world, with its tools, resources and prompts.
 */
export function McpServersPage() {
  const { t } = useTranslation();
  const worldId = useAdminWorld();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, isFetching } = useListMcpServersQuery(worldId, {
    skip: !worldId,
  });
  const [reload, reloading] = useReloadMcpConfigMutation();
  const [setEnabled, switching] = useSetMcpServerEnabledMutation();
  const [remove, removing] = useRemoveMcpServerMutation();
  const busy = switching.isLoading || removing.isLoading || reloading.isLoading;
  const said = (text: string, severity: 'success' | 'error') =>
    dispatch(flashShown(text, severity));

  const onReload = async () => {
    const out = await reload();
    if ('error' in out) said(errorText(out.error, t('Failed to reload MCP_CONFIG')), 'error');
    else
      said(
        t('MCP_CONFIG reloaded: {{number}} server(s)', { number: out.data.servers.length }),
        'success',
      );
  };

  return (
    <AdminLayout
      title={t('MCP servers')}
      crumbs={[{ label: t('MCP servers') }]}
      actions={
        <Button
          startIcon={<RefreshIcon />}
          onClick={() => void onReload()}
          disabled={busy || !data?.configured}
          title={data?.configured ? undefined : t('MCP_CONFIG is not set on this server')}
        >
          {t('Reload MCP_CONFIG')}
        </Button>
      }
    >
      {isLoading ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
          <CircularProgress size={24} aria-label={t('Loading MCP servers')} />
          <Typography color="text.secondary">{t('Loading MCP servers...')}</Typography>
        </Box>
      ) : isError || !data ? (
        <Alert severity="error">{t('Failed to load MCP servers')}</Alert>
      ) : (
        <Stack spacing={2}>
          {!data.providers.length && (
            <Typography color="text.secondary">
              {t('No MCP servers yet.')}{' '}
              {data.configured
                ? t('MCP_CONFIG lists none.')
                : t(
                    'The operator lists them in the file named by MCP_CONFIG; you can add Streamable HTTP servers below.',
                  )}
            </Typography>
          )}
          {data.providers.map((p) => (
            <McpServerCard
              key={p.name}
              provider={p}
              busy={busy || isFetching}
              onEnabled={async (enabled) => {
                const out = await setEnabled({ name: p.name, enabled });
                if ('error' in out)
                  said(errorText(out.error, t('Failed to change the server')), 'error');
              }}
              onRemove={async () => {
                const out = await remove(p.name);
                if ('error' in out)
                  said(errorText(out.error, t('Failed to remove the server')), 'error');
              }}
            />
          ))}
          <AddServerForm
            onAdded={(name) => said(t('MCP server {{name}} added', { name }), 'success')}
          />
        </Stack>
      )}
    </AdminLayout>
  );
}

/** A world admin adds a Streamable HTTP server by URL (the server refuses private addresses). */
function AddServerForm({ onAdded }: { onAdded: (name: string) => void }) {
  const { t } = useTranslation();
  const [add, adding] = useAddMcpServerMutation();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const out = await add({
      name: name.trim(),
      url: url.trim(),
      ...(token.trim() ? { headers: { Authorization: `Bearer ${token.trim()}` } } : {}),
    });
    if ('error' in out) setError(errorText(out.error, t('Failed to add the server')));
    else {
      onAdded(name.trim());
      setName('');
      setUrl('');
      setToken('');
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      aria-label={t('Add an MCP server')}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {t('Add a Streamable HTTP server')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField
          label={t('Name')}
          size="small"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          helperText={t('Letters, digits, - and _')}
        />
        <TextField
          label="URL"
          size="small"
          required
          fullWidth
          value={url}
          placeholder="https://mcp.example.org/mcp"
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          label={t('Bearer token')}
          size="small"
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          helperText={t('Optional')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={adding.isLoading || !name || !url}>
            {adding.isLoading ? t('Adding...') : t('Add')}
          </Button>
        </Box>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5, wordBreak: 'break-word' }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
