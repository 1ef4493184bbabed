import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { InvalidComponent } from '../InvalidComponent';
import { optionalString } from '../nodeProps';
import type { ServerComponentProps } from '../types';

/** A labelled progress bar: value 0..100, or an indeterminate bar without one. */
export function Progress({ node, style }: ServerComponentProps) {
  const { t } = useTranslation();
  const error = optionalString(node, 'content');
  if (error) return <InvalidComponent message={error} />;
  const value =
    typeof node.value === 'number' && Number.isFinite(node.value)
      ? Math.min(100, Math.max(0, node.value))
      : undefined;
  const label = node.content as string | undefined;
  return (
    <Box style={style}>
      {(label || value !== undefined) && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2">{label}</Typography>
          {value !== undefined && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('{{percent}}%', { percent: Math.round(value) })}
            </Typography>
          )}
        </Box>
      )}
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={label || t('Progress')}
      />
    </Box>
  );
}
