import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { PdfFailed } from './PdfFailed';

// This module is its own chunk (loaded with React.lazy), so pdf.js never weighs on other pages.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * A PDF, one page at a time, as wide as its column. pdf.js fetches the file
 * itself from the download URL (same origin, with the session cookie).
 */
export default function PdfView({ url }: { url: string }) {
  const { t } = useTranslation();
  const file = useMemo(() => ({ url }), [url]);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState<number>();

  // The page follows its container's width.
  const measure = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const update = () => setWidth(Math.max(200, Math.floor(node.clientWidth)));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  if (failed) return <PdfFailed />;
  return (
    <Box ref={measure} sx={{ width: '100%' }}>
      {pages > 1 && (
        <Box
          component="nav"
          aria-label={t('PDF pages')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
        >
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('Previous')}
          </Button>
          <Typography variant="body2">
            {t('Page {{page}} of {{pages}}', { page, pages })}
          </Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('Next')}
          </Button>
        </Box>
      )}
      <Document
        file={file}
        onLoadSuccess={({ numPages }) => {
          setPages(numPages);
          setPage(1);
        }}
        onLoadError={() => setFailed(true)}
        onSourceError={() => setFailed(true)}
        loading={<CircularProgress size={28} aria-label={t('Loading PDF')} />}
        error={<PdfFailed />}
      >
        {pages > 0 && (
          <Box sx={{ boxShadow: 1, display: 'inline-block', maxWidth: '100%' }}>
            <Page pageNumber={page} width={width} onRenderError={() => setFailed(true)} />
          </Box>
        )}
      </Document>
    </Box>
  );
}
