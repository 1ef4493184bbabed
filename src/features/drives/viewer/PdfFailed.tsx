import Alert from '@mui/material/Alert';
import { Component, type ReactNode } from 'react';

export const PDF_FAILED = 'Failed to render PDF. Try downloading it instead.';

export function PdfFailed() {
  return <Alert severity="error">{PDF_FAILED}</Alert>;
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
