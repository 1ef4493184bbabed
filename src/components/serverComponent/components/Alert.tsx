import MuiAlert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
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

export const ALERT_TYPE_ERROR = `Alert: type must be one of ${ALERT_TYPES.join(', ')}`;

function isAlertType(value: unknown): value is AlertType {
  return (ALERT_TYPES as readonly unknown[]).includes(value);
}

/** A message box (SPEC §5 alert types); type defaults to info, the title is optional. */
export function Alert({ node, style }: ServerComponentProps) {
  const type = node.type ?? 'info';
  const error = firstError(
    isAlertType(type) ? undefined : ALERT_TYPE_ERROR,
    optionalString(node, 'title'),
    typeof node.content === 'string' || (node.content == null && node.title)
      ? undefined
      : 'Alert: content must be a string',
  );
  if (error || !isAlertType(type)) return <InvalidComponent message={error ?? ALERT_TYPE_ERROR} />;
  return (
    <MuiAlert severity={SEVERITY[type]} style={style} sx={{ whiteSpace: 'pre-wrap' }}>
      {node.title && <AlertTitle>{node.title}</AlertTitle>}
      {node.content as string | undefined}
    </MuiAlert>
  );
}
