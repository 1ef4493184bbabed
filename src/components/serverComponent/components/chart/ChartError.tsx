import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function ChartError({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return (
    <Typography data-testid="chart-error" role="alert" variant="body2" sx={{ color: 'error.main' }}>
      {t('Chart could not be rendered: {{reason}}', { reason })}
    </Typography>
  );
}
