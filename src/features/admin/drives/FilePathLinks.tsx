import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { folderOf } from '../../drives/manage/selection';

/**
 * A file's path (breaking between words, or anywhere only when a word is
 * longer than the line) and, for a file in a folder, a button that shows
 * that folder's files, where an administrator renames, retags or deletes
 * the whole folder.
 */
export function FilePathLinks({
  path,
  onFolder,
}: {
  path: string;
  onFolder?: (folder: string) => void;
}) {
  const { t } = useTranslation();
  const folder = folderOf(path);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'break-word', minWidth: 0 }}>
        {path}
      </Typography>
      {folder && onFolder && (
        <Tooltip title={t('Show folder {{folder}}', { folder })}>
          <IconButton
            size="small"
            aria-label={t('Show folder {{folder}}', { folder })}
            onClick={(e) => {
              e.stopPropagation();
              onFolder(folder);
            }}
          >
            <FolderOpenIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
