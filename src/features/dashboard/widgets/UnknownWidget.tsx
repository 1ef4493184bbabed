import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** A layout this client has no component for (an app may add widgets on the server). */
export function UnknownWidget({ layout }: { layout: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" variant="outlined" data-testid="unknown-widget">
      {t('Unknown Widget: {{layout}}', { layout })}
    </Alert>
  );
}
