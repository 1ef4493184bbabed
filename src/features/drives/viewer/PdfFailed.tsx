import Alert from '@mui/material/Alert';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../../i18n/i18n';

export const PDF_FAILED = tKey('Failed to render PDF. Try downloading it instead.');

export function PdfFailed() {
  const { t } = useTranslation();
  return <Alert severity="error">{t(PDF_FAILED)}</Alert>;
}

/** Catches a PDF chunk that failed to load or a renderer that threw. */
export class PdfBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(PDF_FAILED, error);
  }

  override render() {
    return this.state.failed ? <PdfFailed /> : this.props.children;
  }
}
