import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server hands out once (a temporary password, a PIN's secret):
 * shown in full with a copy button, and gone when the dialog closes.
 */
export function SecretShownOnce({
  title,
  copyLabel,
  secret,
  children,
}: {
  title: string;
  /** The copy button's name, 'Copy temporary password' (a sentence of its own in each language). */
  copyLabel: string;
  secret: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Alert severity="warning" role="status" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <AlertTitle>{title}</AlertTitle>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box
          component="code"
          aria-label={title}
          sx={{ fontSize: '1.05rem', fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {secret}
        </Box>
        <Tooltip title={copied ? t('Copied') : t('Copy')}>
          <IconButton size="small" aria-label={copyLabel} onClick={copy}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ mt: 1 }}>
        {t('Shown once: copy it now and hand it over in person or by a safe channel.')}
      </Box>
      {children}
    </Alert>
  );
}
