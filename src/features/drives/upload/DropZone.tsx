import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Drag and drop files here, or click (or Enter) to choose several. */
export function DropZone({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const choose = () => !disabled && input.current?.click();
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose();
    }
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(e.dataTransfer?.files ?? []));
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={t('Choose files to upload')}
      aria-disabled={disabled}
      data-testid="upload-drop-zone"
      onClick={choose}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <CloudUploadIcon color="action" sx={{ fontSize: 40 }} />
      <Typography>{t('Drag and drop files here, or click to choose')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('Several files at once; a name already in the list is skipped.')}
      </Typography>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('Files to upload')}
        data-testid="upload-input"
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
    </Box>
  );
}
