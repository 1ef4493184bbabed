import MuiAlert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { ALERT_TYPES, type AlertType } from '../../../../protocol/components';
import { InvalidComponent } from '../InvalidComponent';
import { firstError, optionalString } from '../nodeProps';
import type { ServerComponentProps } from '../types';

// 'danger' is the server's word for MUI's error severity.
const SEVERITY: Record<AlertType, AlertColor> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
  danger: 'error',
};

function isAlertType(value: unknown): value is AlertType {
  return (ALERT_TYPES as readonly unknown[]).includes(value);
}

/** A message box (SPEC §5 alert types); type defaults to info, the title is optional. */
export function Alert({ node, style }: ServerComponentProps) {
  const { t } = useTranslation();
  const type = node.type ?? 'info';
  const typeError = t('Alert: type must be one of {{types}}', { types: ALERT_TYPES.join(', ') });
  const error = firstError(
    isAlertType(type) ? undefined : typeError,
    optionalString(node, 'title'),
    typeof node.content === 'string' || (node.content == null && node.title)
      ? undefined
      : t('{{component}}: {{prop}} must be a string', { component: 'Alert', prop: 'content' }),
  );
  if (error || !isAlertType(type)) return <InvalidComponent message={error ?? typeError} />;
  return (
    <MuiAlert severity={SEVERITY[type]} style={style} sx={{ whiteSpace: 'pre-wrap' }}>
      {node.title && <AlertTitle>{node.title}</AlertTitle>}
      {node.content as string | undefined}
    </MuiAlert>
  );
}
