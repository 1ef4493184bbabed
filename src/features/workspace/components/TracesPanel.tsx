import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { selectTraces } from '../workspaceSelectors';
import { SafeHtmlOnDemand } from '../../../components/RichTextOnDemand';

function pretty(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** What the experts did, step by step: key and html or value (SPEC §3). */
export function TracesPanel() {
  const { t } = useTranslation();
  const traces = useAppSelector(selectTraces);
  if (traces.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="traces-heading">
      <Typography id="traces-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('Traces')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {traces.map((trace, i) => (
          <Paper key={i} variant="outlined" sx={{ p: 1 }} data-testid="trace">
            <Typography variant="caption" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {trace.key}
            </Typography>
            {trace.html ? (
              <SafeHtmlOnDemand html={trace.html} sx={{ fontSize: '0.85rem' }} />
            ) : (
              <Box
                component="pre"
                sx={{ m: 0, fontSize: '0.8rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {pretty(trace.value)}
              </Box>
            )}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
