import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
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
    if ('error' in out) said(errorText(out.error, 'Failed to reload MCP_CONFIG'), 'error');
    else said(`MCP_CONFIG reloaded: ${out.data.servers.length} server(s)`, 'success');
  };

  return (
    <AdminLayout
      title="MCP servers"
      crumbs={[{ label: 'MCP servers' }]}
      actions={
        <Button
          startIcon={<RefreshIcon />}
          onClick={() => void onReload()}
          disabled={busy || !data?.configured}
          title={data?.configured ? undefined : 'MCP_CONFIG is not set on this server'}
        >
          Reload MCP_CONFIG
        </Button>
      }
    >
      {isLoading ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
          <CircularProgress size={24} aria-label="Loading MCP servers" />
          <Typography color="text.secondary">Loading MCP servers...</Typography>
        </Box>
      ) : isError || !data ? (
        <Alert severity="error">Failed to load MCP servers</Alert>
      ) : (
        <Stack spacing={2}>
          {!data.providers.length && (
            <Typography color="text.secondary">
              No MCP servers yet.{' '}
              {data.configured
                ? 'MCP_CONFIG lists none.'
                : 'The operator lists them in the file named by MCP_CONFIG; you can add Streamable HTTP servers below.'}
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
                  said(errorText(out.error, 'Failed to change the server'), 'error');
              }}
              onRemove={async () => {
                const out = await remove(p.name);
                if ('error' in out)
                  said(errorText(out.error, 'Failed to remove the server'), 'error');
              }}
            />
          ))}
          <AddServerForm onAdded={(name) => said(`MCP server ${name} added`, 'success')} />
        </Stack>
      )}
    </AdminLayout>
  );
}

/** A world admin adds a Streamable HTTP server by URL (the server refuses private addresses). */
function AddServerForm({ onAdded }: { onAdded: (name: string) => void }) {
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
    if ('error' in out) setError(errorText(out.error, 'Failed to add the server'));
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
      aria-label="Add an MCP server"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        Add a Streamable HTTP server
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField
          label="Name"
          size="small"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          helperText="Letters, digits, - and _"
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
          label="Bearer token"
          size="small"
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          helperText="Optional"
        />
        <Box>
          <Button type="submit" variant="contained" disabled={adding.isLoading || !name || !url}>
            {adding.isLoading ? 'Adding...' : 'Add'}
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
