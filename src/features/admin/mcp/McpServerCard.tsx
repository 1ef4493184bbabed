import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { McpProviderSummary } from '../../../../protocol';
import { tKey } from '../../../i18n/i18n';

/** A server's state as the chip says it (translated where shown). */
const STATUS_LABEL: Record<McpProviderSummary['status'], string> = {
  ready: tKey('ready'),
  starting: tKey('starting'),
  restarting: tKey('restarting'),
  failed: tKey('failed'),
  stopped: tKey('stopped'),
};

const STATUS_COLOR = {
  ready: 'success',
  starting: 'info',
  restarting: 'warning',
  failed: 'error',
  stopped: 'default',
} as const;

/** One MCP server: where it comes from, whether this world uses it, and what it offers. */
export function McpServerCard({
  provider,
  busy,
  onEnabled,
  onRemove,
}: {
  provider: McpProviderSummary;
  busy: boolean;
  onEnabled: (enabled: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const p = provider;
  return (
    <Box
      component="section"
      aria-label={t('MCP server {{name}}', { name: p.name })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {p.name}
        </Typography>
        <Chip size="small" label={t(STATUS_LABEL[p.status])} color={STATUS_COLOR[p.status]} />
        <Chip
          size="small"
          variant="outlined"
          label={`${p.transport === 'stdio' ? 'stdio' : 'Streamable HTTP'} · ${
            p.source === 'operator' ? 'MCP_CONFIG' : t('added by this world')
          }`}
        />
        {p.restarts > 0 && (
          <Chip
            size="small"
            variant="outlined"
            label={t('restarted {{times}}×', { times: p.restarts })}
          />
        )}
        <Box sx={{ flex: 1 }} />
        <FormControlLabel
          control={
            <Switch
              checked={p.enabled}
              disabled={busy}
              onChange={(e) => onEnabled(e.target.checked)}
              slotProps={{
                input: { 'aria-label': t('Use {{name}} in this world', { name: p.name }) },
              }}
            />
          }
          label={p.enabled ? t('Used in this world') : t('Not used')}
        />
        {p.source === 'world' && (
          <Button size="small" color="error" disabled={busy} onClick={onRemove}>
            {t('Remove')}
          </Button>
        )}
      </Box>
      {(p.description || p.server || p.url) && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {[p.description, p.server && `${p.server.name} ${p.server.version}`, p.url]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {p.error && (
        <Alert severity="error" sx={{ mt: 1, wordBreak: 'break-word' }}>
          {p.error}
        </Alert>
      )}
      {!p.tools.length && !p.error && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {p.enabled
            ? t('Listing its tools...')
            : t('Its tools, resources and prompts are listed once this world uses it.')}
        </Typography>
      )}
      <Offers
        title={t('Tools')}
        rows={p.tools.map((tool) => [tool.name, tool.description ?? ''])}
      />
      <Offers
        title={t('Resources')}
        rows={p.resources.map((r) => [
          r.name,
          [r.uri, r.mimeType, r.description].filter(Boolean).join(' · '),
        ])}
      />
      <Offers
        title={t('Prompts')}
        rows={p.prompts.map((pr) => [
          pr.name,
          [
            pr.description,
            pr.arguments?.length ? t('arguments: {{list}}', { list: pr.arguments.join(', ') }) : '',
          ]
            .filter(Boolean)
            .join(' · '),
        ])}
      />
    </Box>
  );
}

function Offers({ title, rows }: { title: string; rows: [string, string][] }) {
  if (!rows.length) return null;
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">
          {title} ({rows.length})
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Box component="dl" aria-label={title} sx={{ m: 0 }}>
          {rows.map(([name, text]) => (
            <Box key={name} sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }}>
              <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace' }}>
                {name}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                color="text.secondary"
                sx={{ m: 0, overflowWrap: 'anywhere' }}
              >
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
