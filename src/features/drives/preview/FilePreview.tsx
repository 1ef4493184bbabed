import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveFile } from '../../../../protocol';
import { Markdown } from '../../../components/Markdown';
import { CodePreview } from './CodePreview';
import { decodeText, imageDataUrl } from './content';
import { baseType, codeLanguage, previewKind } from './previewKind';
import { TextPreview } from './TextPreview';

export function PreviewMessage({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" variant="body2" sx={{ py: 2, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/** The decoded text, or null when the content is not valid base64. */
function useDecodedText(content: string | undefined, wanted: boolean): string | null {
  return useMemo(() => {
    if (!wanted || !content) return null;
    try {
      return decodeText(content);
    } catch {
      return null;
    }
  }, [content, wanted]);
}

/**
 * A file's preview by the rules of SPEC §5: markdown rendered, text and code
 * shown as source, images from their bytes typed by the sniffed MimeType (an
 * SVG only ever as an <img>, where its scripts never run), a PDF as a button to
 * the viewer, anything else 'No preview available for this file type'.
 */
export function FilePreview({
  file,
  onOpenViewer,
}: {
  file: DriveFile;
  onOpenViewer?: () => void;
}) {
  const { t } = useTranslation();
  const kind = previewKind(file);
  const content = file.Content || undefined;
  const text = useDecodedText(content, kind === 'markdown' || kind === 'text' || kind === 'code');

  if (kind === 'none')
    return <PreviewMessage>{t('No preview available for this file type')}</PreviewMessage>;
  if (kind === 'pdf') {
    return (
      <Box sx={{ py: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <PictureAsPdfIcon color="error" sx={{ fontSize: 48 }} />
        <Typography variant="body2">{t('PDF document')}</Typography>
        {onOpenViewer && (
          <Button variant="contained" startIcon={<OpenInNewIcon />} onClick={onOpenViewer}>
            {t('Open in Viewer')}
          </Button>
        )}
      </Box>
    );
  }
  if (!content || (kind !== 'image' && text === null)) {
    return <PreviewMessage>{t('No content available for this file')}</PreviewMessage>;
  }
  switch (kind) {
    case 'markdown':
      return <Markdown content={text} />;
    case 'code':
      return <CodePreview source={text ?? ''} language={codeLanguage(file.Path)} />;
    case 'text':
      return <TextPreview text={text ?? ''} />;
    case 'image':
      return (
        <Box
          component="img"
          src={imageDataUrl(content, baseType(file.MimeType))}
          alt={file.Name}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }}
        />
      );
  }
}
