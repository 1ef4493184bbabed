import CancelIcon from '@mui/icons-material/Cancel';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { worldFileViewerUrl } from '../../../protocol/paths';
import { errorMessage } from '../../api/baseApi';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { useRemoveWorkspaceFileMutation } from './workspaceFilesApi';
import { useWorkspaceFiles } from './useWorkspaceFiles';

/**
 * The files attached to the workspace, as chips above the transcript (issue
 * 20): a click opens the file viewer, the x takes the file off the workspace
 * (the drive keeps it). Nothing shows while the workspace has none.
 */
export function WorkspaceFilesBar({
  worldId,
  workspaceId,
}: {
  worldId: string;
  workspaceId: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data } = useWorkspaceFiles(workspaceId);
  const [remove] = useRemoveWorkspaceFileMutation();
  const files = data?.files ?? [];
  if (files.length === 0) return null;

  const detach = async (drive: string, path: string, name: string) => {
    try {
      await remove({ workspaceId, drive, path }).unwrap();
    } catch (err) {
      dispatch(
        flashShown(
          t('Could not remove {{name}}: {{error}}', { name, error: errorMessage(err) }),
          'error',
        ),
      );
    }
  };

  return (
    <Box
      component="section"
      aria-label={t('Workspace files')}
      sx={{
        display: 'flex',
        alignItems: 'baseline',
        gap: 1,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        // Many files wrap onto a few lines and then scroll; never wider than the column.
        minWidth: 0,
        maxHeight: 96,
        overflowY: 'auto',
      }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
        {t('Files')}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          listStyle: 'none',
          m: 0,
          p: 0,
          minWidth: 0,
        }}
      >
        {files.map((f) => (
          <Box component="li" key={`${f.drive}/${f.path}`} sx={{ minWidth: 0, maxWidth: '100%' }}>
            <Chip
              size="small"
              variant="outlined"
              icon={<InsertDriveFileIcon />}
              label={f.name}
              title={`${f.drive}/${f.path}`}
              component={Link}
              to={worldFileViewerUrl(worldId, f.drive, f.path)}
              clickable
              sx={{ maxWidth: '100%' }}
              onDelete={(e: { preventDefault(): void }) => {
                e.preventDefault(); // the chip is a link: the x must not open the file
                void detach(f.drive, f.path, f.name);
              }}
              deleteIcon={
                <CancelIcon
                  aria-label={t('Remove {{name}} from the workspace', { name: f.name })}
                />
              }
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
