import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAccessibleWorlds, selectActiveWorld } from '../../auth/authSlice';
import { driveErrorText, drivesApi, useListDrivesQuery } from '../drivesApi';
import { UploadFilesDialog } from '../upload/UploadFilesDialog';
import { DriveColumn } from './DriveColumn';
import { FileColumn } from './FileColumn';
import { PreviewColumn } from './PreviewColumn';
import { useFinderState } from './useFinderState';

export interface FileFinderDialogProps {
  open: boolean;
  onClose: () => void;
  /** The workspace 'Add File to Workspace' adds to; without one it says 'No workspace selected'. */
  workspaceId?: string | null;
}

/**
 * The File Finder (SPEC §2 "Modals"): drives, files and a preview side by
 * side, a search box, upload, 'Open in File Viewer' and 'Add File to
 * Workspace'. Its state lives while it is open and starts afresh next time.
 */
export function FileFinderDialog({ open, onClose, workspaceId }: FileFinderDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xl"
      aria-labelledby="file-finder-title"
      slotProps={{ paper: { sx: { height: { md: '85vh' } } } }}
    >
      {open && <FinderBody onClose={onClose} workspaceId={workspaceId} />}
    </Dialog>
  );
}

const columnSx = { p: 1, minHeight: 0, overflowY: 'auto' } as const;

function FinderBody({ onClose, workspaceId }: Omit<FileFinderDialogProps, 'open'>) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const drives = useListDrivesQuery();
  const finder = useFinderState(drives.data?.[0]?.Name ?? null);
  const worldId = useAppSelector(selectActiveWorld);
  const worlds = useAppSelector(selectAccessibleWorlds);
  const isAdmin = worlds.some((w) => w.world_id === worldId && w.is_admin);
  // Administrators change the world's own drives here; app drives belong to their apps.
  const manageable =
    isAdmin && drives.data?.some((d) => d.Name === finder.drive && !d.IsAppDrive) === true;

  return (
    <>
      <DialogTitle id="file-finder-title" sx={{ pr: 6 }}>
        {t('File Finder')}
        <IconButton
          aria-label={t('Close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
          }}
        >
          <TextField
            size="small"
            fullWidth
            placeholder={t('Search files...')}
            value={finder.input}
            onChange={(e) => finder.typed(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': t('Search files') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={finder.mode}
            onChange={(_, next) => next && finder.modeChosen(next)}
            aria-label={t('Search by')}
          >
            <ToggleButton value="text" title={t('Files with the words you type')}>
              {t('Words')}
            </ToggleButton>
            <ToggleButton value="semantic" title={t('Files about what you mean, in any words')}>
              {t('Meaning')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            disabled={!finder.drive}
            onClick={finder.uploadOpened}
          >
            {t('Upload')}
          </Button>
        </Box>
        <Box
          sx={{
            flex: 1,
            minHeight: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', md: '220px minmax(0, 1fr) minmax(0, 1.3fr)' },
          }}
        >
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('Drives column')}
            sx={columnSx}
          >
            <DriveColumn
              drives={drives.data}
              loading={drives.isLoading}
              error={drives.error ? driveErrorText(drives.error) : null}
              selected={finder.drive}
              onPick={finder.drivePicked}
            />
          </Paper>
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('Files column')}
            sx={columnSx}
          >
            <FileColumn
              drive={finder.drive}
              searching={finder.searching}
              data={finder.files.data}
              showScores={finder.searching && finder.mode === 'semantic'}
              loading={finder.files.loading}
              error={finder.files.error}
              page={finder.page}
              selected={finder.selected}
              onSelect={finder.filePicked}
              onPage={finder.pageChosen}
            />
          </Paper>
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('Preview column')}
            sx={columnSx}
          >
            <PreviewColumn
              drive={finder.drive}
              path={finder.selected}
              workspaceId={workspaceId}
              manageable={manageable}
              onGone={finder.selectionCleared}
            />
          </Paper>
        </Box>
      </DialogContent>
      {finder.drive && (
        <UploadFilesDialog
          open={finder.uploading}
          drive={finder.drive}
          onClose={finder.uploadClosed}
          onUploaded={() => dispatch(drivesApi.util.invalidateTags(['DriveFiles']))}
        />
      )}
    </>
  );
}
