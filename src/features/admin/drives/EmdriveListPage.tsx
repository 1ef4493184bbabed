import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import StorageIcon from '@mui/icons-material/Storage';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Drive } from '../../../../protocol';
import { FileSize } from '../../../components/FileSize';
import { driveErrorText, useListDrivesQuery } from '../../drives/drivesApi';
import { adminDriveUrl } from '../../../../protocol/paths';
import { ADMIN_DRIVES } from '../adminFormat';
import { AdminLayout } from '../AdminLayout';
import { DriveNameDialog } from './DriveNameDialog';
import { TagChips } from './TagChips';

/** Tags shown on a drive card (SPEC §9). */
export const DRIVE_CARD_TAGS = 5;

function RefreshButton() {
  const { t } = useTranslation();
  const { refetch, isFetching } = useListDrivesQuery(ADMIN_DRIVES);
  return (
    <Button
      variant="outlined"
      startIcon={<RefreshIcon />}
      onClick={() => void refetch()}
      disabled={isFetching}
    >
      {t('Refresh')}
    </Button>
  );
}

function NewDriveButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('New drive')}
      </Button>
      <DriveNameDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** What earlier versions and deleted files still take, beside the current files. */
function StorageLine({ drive }: { drive: Drive }) {
  const { t } = useTranslation();
  const s = drive.Storage;
  if (!s) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
      {t('Versions:')} <FileSize bytes={s.VersionsSize} /> ({s.VersionCount}) · {t('Deleted:')}{' '}
      <FileSize bytes={s.TrashSize} /> ({s.TrashCount}) · {t('In all:')}{' '}
      <FileSize bytes={drive.TotalSize + s.VersionsSize + s.TrashSize} />
    </Typography>
  );
}

function DriveCard({ drive, onRename }: { drive: Drive; onRename: (name: string) => void }) {
  const { t } = useTranslation();
  const files = t('{{count}} files', { count: drive.FileCount });
  return (
    <Card
      variant="outlined"
      component="li"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea
        component={RouterLink}
        to={adminDriveUrl(drive.Name)}
        aria-label={drive.Name}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
            <StorageIcon color="primary" />
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {drive.Name}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            <FileSize bytes={drive.TotalSize} /> · {files}
          </Typography>
          <TagChips
            tags={drive.Tags.map((tag) => `${tag.Name} (${tag.Count})`)}
            max={DRIVE_CARD_TAGS}
            more={(n) => t('+{{number}} more', { number: n })}
            label={t('Tags of {{name}}', { name: drive.Name })}
          />
        </CardContent>
      </CardActionArea>
      <CardContent sx={{ pt: 0, '&:last-child': { pb: 1 } }}>
        <StorageLine drive={drive} />
        {drive.IsAppDrive ? (
          <Typography variant="caption" color="text.secondary">
            {t('App drive (read-only here)')}
          </Typography>
        ) : (
          <Button
            size="small"
            startIcon={<EditIcon />}
            onClick={() => onRename(drive.Name)}
            aria-label={t('Rename drive {{drive}}', { drive: drive.Name })}
          >
            {t('Rename')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function DriveCards() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useListDrivesQuery(ADMIN_DRIVES);
  const [renaming, setRenaming] = useState<string | null>(null);
  if (error) {
    return (
      <Alert severity="error">
        {t('Failed to load drives: {{error}}', { error: driveErrorText(error) })}
      </Alert>
    );
  }
  if (isLoading || !data) return <CircularProgress aria-label={t('Loading drives')} />;
  if (data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('No EMDrives found')}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="EMDrives"
      sx={{
        display: 'grid',
        gap: 2,
        m: 0,
        p: 0,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {data.map((d) => (
        <DriveCard key={d.Name} drive={d} onRename={setRenaming} />
      ))}
      <DriveNameDialog
        open={renaming !== null}
        drive={renaming ?? undefined}
        onClose={() => setRenaming(null)}
      />
    </Box>
  );
}

/** EMDrive Management, /admin/emdrive (SPEC §2): a card per drive of the world. */
export function EmdriveListPage() {
  const { t } = useTranslation();
  return (
    <AdminLayout
      title={t('EMDrive Management')}
      crumbs={[{ label: t('EMDrive Management') }]}
      actions={
        <Stack direction="row" sx={{ gap: 1 }}>
          <NewDriveButton />
          <RefreshButton />
        </Stack>
      }
    >
      <DriveCards />
    </AdminLayout>
  );
}
