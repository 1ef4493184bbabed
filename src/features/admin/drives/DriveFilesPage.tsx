import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DriveActionDialog, type DriveDialog } from '../../drives/manage/DriveActionDialog';
import { useListDrivesQuery } from '../../drives/drivesApi';
import { adminFileUrl } from '../../../../protocol/paths';
import { ADMIN_DRIVES } from '../adminFormat';
import { AdminLayout, useAdminWorld } from '../AdminLayout';
import { AdminPager } from './AdminPager';
import { FolderActions, SelectionActions } from './DriveFileActionsBar';
import { DriveFilesTable } from './DriveFilesTable';
import { DriveSearchBar, TagFilter } from './DriveFilesControls';
import { DRIVE_FILES_PAGE_SIZE, useDriveFiles, type DriveFilesState } from './useDriveFiles';

function NoFiles({ state }: { state: DriveFilesState }) {
  const { t } = useTranslation();
  const filtered = state.searching || state.tags.length > 0;
  return (
    <Box sx={{ py: 4, textAlign: 'center' }}>
      <Typography>{t('No files found')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {filtered
          ? t('Try another search or clear the tag filters.')
          : t('This drive has no files yet. Files uploaded to it will show here.')}
      </Typography>
    </Box>
  );
}

function DriveFiles({ drive }: { drive: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const worldId = useAdminWorld();
  const state = useDriveFiles(drive);
  const drives = useListDrivesQuery(ADMIN_DRIVES);
  const shown = drives.data?.find((d) => d.Name === drive);
  const driveTags = shown?.Tags ?? [];
  // App drives belong to their apps: listed, never changed here.
  const editable = shown !== undefined && !shown.IsAppDrive;
  const { view } = state;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DriveDialog | null>(null);
  const picked = [...selected];
  const toggle = (path: string) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  const toggleAll = (paths: string[], on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      for (const p of paths)
        if (on) next.add(p);
        else next.delete(p);
      return next;
    });
  const showFolder = (folder: string) => {
    state.folderChosen(folder);
    setSelected(new Set());
  };
  const tagsOf = (path: string) => view?.files.find((f) => f.Path === path)?.Tags ?? [];
  return (
    <>
      <DriveSearchBar kind={state.kind} onSearch={state.searched} onKind={state.kindChosen} />
      <TagFilter
        tags={driveTags}
        chosen={state.tags}
        onToggle={state.tagToggled}
        onClear={state.tagsCleared}
      />
      {editable && (
        <>
          <FolderActions folder={state.folder} onDialog={setDialog} onLeave={showFolder} />
          <SelectionActions
            paths={picked}
            tagsOf={tagsOf}
            onDialog={setDialog}
            onClear={() => setSelected(new Set())}
          />
        </>
      )}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {state.loading && (
          <LinearProgress
            aria-label={t('Loading files')}
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
            {...(editable
              ? { selected, onToggle: toggle, onToggleAll: toggleAll, onFolder: showFolder }
              : {})}
          />
        )}
      </Paper>
      <DriveActionDialog
        drive={drive}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDone={() => {
          setSelected(new Set());
          // A folder moved or deleted away is no longer there to show.
          if (dialog?.kind !== 'retag' && state.folder) showFolder('');
        }}
      />
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
  const { t } = useTranslation();
  const drive = useParams().driveName ?? '';
  return (
    <AdminLayout
      title={drive || t('Drive')}
      crumbs={[{ label: t('EMDrive Management'), to: '/admin/emdrive' }, { label: drive }]}
    >
      {drive ? (
        <DriveFiles key={drive} drive={drive} />
      ) : (
        <Alert severity="error">{t('Missing drive name')}</Alert>
      )}
    </AdminLayout>
  );
}
