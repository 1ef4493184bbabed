import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router-dom';
import { useListDrivesQuery } from '../../drives/drivesApi';
import { adminFileUrl } from '../../../../protocol/paths';
import { ADMIN_DRIVES } from '../adminFormat';
import { AdminLayout, useAdminWorld } from '../AdminLayout';
import { AdminPager } from './AdminPager';
import { DriveFilesTable } from './DriveFilesTable';
import { DriveSearchBar, TagFilter } from './DriveFilesControls';
import { DRIVE_FILES_PAGE_SIZE, useDriveFiles, type DriveFilesState } from './useDriveFiles';

function NoFiles({ state }: { state: DriveFilesState }) {
  const filtered = state.searching || state.tags.length > 0;
  return (
    <Box sx={{ py: 4, textAlign: 'center' }}>
      <Typography>No files found</Typography>
      <Typography variant="body2" color="text.secondary">
        {filtered
          ? 'Try another search or clear the tag filters.'
          : 'This drive has no files yet. Files uploaded to it will show here.'}
      </Typography>
    </Box>
  );
}

function DriveFiles({ drive }: { drive: string }) {
  const navigate = useNavigate();
  const worldId = useAdminWorld();
  const state = useDriveFiles(drive);
  const drives = useListDrivesQuery(ADMIN_DRIVES);
  const driveTags = drives.data?.find((d) => d.Name === drive)?.Tags ?? [];
  const { view } = state;
  return (
    <>
      <DriveSearchBar kind={state.kind} onSearch={state.searched} onKind={state.kindChosen} />
      <TagFilter
        tags={driveTags}
        chosen={state.tags}
        onToggle={state.tagToggled}
        onClear={state.tagsCleared}
      />
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {state.loading && (
          <LinearProgress
            aria-label="Loading files"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
          />
        )}
        {state.error ? (
          <Alert severity="error">{state.error}</Alert>
        ) : !view ? (
          <Box sx={{ minHeight: 120 }} />
        ) : view.files.length === 0 ? (
          <NoFiles state={state} />
        ) : (
          <DriveFilesTable
            drive={drive}
            worldId={worldId}
            files={view.files}
            onOpen={(f) => navigate(adminFileUrl(drive, f.Path))}
          />
        )}
      </Paper>
      {view && view.total > 0 && (
        <AdminPager
          page={state.page}
          pageSize={DRIVE_FILES_PAGE_SIZE}
          total={view.total}
          onPage={state.pageChosen}
        />
      )}
    </>
  );
}

/** One drive's files, /admin/emdrive/{driveName} (SPEC §2): search, tag filter, table, pager. */
export function DriveFilesPage() {
  const drive = useParams().driveName ?? '';
  return (
    <AdminLayout
      title={drive || 'Drive'}
      crumbs={[{ label: 'EMDrive Management', to: '/admin/emdrive' }, { label: drive }]}
    >
      {drive ? (
        <DriveFiles key={drive} drive={drive} />
      ) : (
        <Alert severity="error">Missing drive name</Alert>
      )}
    </AdminLayout>
  );
}
