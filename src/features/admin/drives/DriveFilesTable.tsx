import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveFile } from '../../../../protocol';
import { FileSize } from '../../../components/FileSize';
import { fileDownloadUrl } from '../../drives/drivesApi';
import { formatDate } from '../../../i18n/format';
import { FilePathLinks } from './FilePathLinks';
import { IndexStateCell } from './IndexStateCell';
import { TagChips } from './TagChips';

/** Tags shown in a file row (SPEC §9). */
export const FILE_ROW_TAGS = 3;

export interface DriveFilesTableProps {
  drive: string;
  worldId: string;
  files: readonly DriveFile[];
  onOpen: (file: DriveFile) => void;
  /** Paths picked for an action (absent: no selection column). */
  selected?: ReadonlySet<string>;
  onToggle?: (path: string) => void;
  onToggleAll?: (paths: string[], on: boolean) => void;
  /** A folder in a path was clicked: show that folder's files. */
  onFolder?: (folder: string) => void;
}

function DownloadButton({
  drive,
  worldId,
  file,
}: {
  drive: string;
  worldId: string;
  file: DriveFile;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('Download')}>
      <IconButton
        size="small"
        aria-label={t('Download {{path}}', { path: file.Path })}
        href={fileDownloadUrl(drive, file.Path, worldId)}
        download
        onClick={(e) => e.stopPropagation()}
      >
        <DownloadIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function openOnKey(open: () => void) {
  return (e: KeyboardEvent) => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open();
    }
  };
}

function SelectBox({ file, props }: { file: DriveFile; props: DriveFilesTableProps }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size="small"
      checked={props.selected!.has(file.Path)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => props.onToggle?.(file.Path)}
      slotProps={{ input: { 'aria-label': t('Select {{path}}', { path: file.Path }) } }}
    />
  );
}

function FileRow({ file, props }: { file: DriveFile; props: DriveFilesTableProps }) {
  const { t } = useTranslation();
  const { drive, worldId, onOpen, onFolder } = props;
  const folder = file.IsFolder === true;
  const open = () => {
    if (!folder) onOpen(file);
  };
  return (
    <TableRow
      hover={!folder}
      tabIndex={folder ? undefined : 0}
      onClick={open}
      onKeyDown={openOnKey(open)}
      selected={props.selected?.has(file.Path) ?? false}
      sx={{ cursor: folder ? 'default' : 'pointer' }}
    >
      {props.selected && (
        <TableCell padding="checkbox">
          {!folder && <SelectBox file={file} props={props} />}
        </TableCell>
      )}
      <TableCell>
        <FilePathLinks path={file.Path} onFolder={onFolder} />
      </TableCell>
      <TableCell>{folder ? t('Folder') : file.MimeType}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {folder ? '—' : <FileSize bytes={file.Size} />}
      </TableCell>
      <TableCell>
        <TagChips
          tags={file.Tags}
          max={FILE_ROW_TAGS}
          label={t('Tags of {{name}}', { name: file.Path })}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(file.UpdatedAt)}</TableCell>
      <TableCell>
        <IndexStateCell drive={drive} file={file} />
      </TableCell>
      <TableCell padding="checkbox">
        {!folder && <DownloadButton drive={drive} worldId={worldId} file={file} />}
      </TableCell>
    </TableRow>
  );
}

/**
 * On a phone each file is a card: its path on full lines (never a letter a
 * line), then type, size, date, tags and indexing underneath.
 */
function FileCard({ file, props }: { file: DriveFile; props: DriveFilesTableProps }) {
  const { t } = useTranslation();
  const { drive, worldId, onOpen, onFolder } = props;
  const open = () => onOpen(file);
  return (
    <Paper
      component="li"
      variant="outlined"
      tabIndex={0}
      aria-label={file.Path}
      onClick={open}
      onKeyDown={openOnKey(open)}
      sx={{
        listStyle: 'none',
        p: 1,
        cursor: 'pointer',
        bgcolor: props.selected?.has(file.Path) ? 'action.selected' : undefined,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
        {props.selected && <SelectBox file={file} props={props} />}
        <Box sx={{ flex: 1, minWidth: 0, pt: 1 }}>
          <FilePathLinks path={file.Path} onFolder={onFolder} />
          <Typography variant="caption" color="text.secondary" component="div">
            {file.MimeType} · <FileSize bytes={file.Size} /> · {formatDate(file.UpdatedAt)}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <TagChips
              tags={file.Tags}
              max={FILE_ROW_TAGS}
              label={t('Tags of {{name}}', { name: file.Path })}
            />
            <IndexStateCell drive={drive} file={file} />
          </Stack>
        </Box>
        <DownloadButton drive={drive} worldId={worldId} file={file} />
      </Stack>
    </Paper>
  );
}

function SelectAll({ props }: { props: DriveFilesTableProps }) {
  const { t } = useTranslation();
  const paths = props.files.filter((f) => !f.IsFolder).map((f) => f.Path);
  const picked = paths.filter((p) => props.selected!.has(p)).length;
  return (
    <Checkbox
      size="small"
      checked={paths.length > 0 && picked === paths.length}
      indeterminate={picked > 0 && picked < paths.length}
      onChange={(e) => props.onToggleAll?.(paths, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('Select all files on this page') } }}
    />
  );
}

/**
 * A drive's files: Name (path), Type or 'Folder', Size, Tags, Updated,
 * Indexing (not in the SPEC), Download; with a selection column for an
 * administrator's actions. Cards on a phone.
 */
export function DriveFilesTable(props: DriveFilesTableProps) {
  const { t } = useTranslation();
  const { drive, files } = props;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <Box>
        {props.selected && (
          <Stack direction="row" sx={{ alignItems: 'center', px: 1 }}>
            <SelectAll props={props} />
            <Typography variant="body2">{t('Select all')}</Typography>
          </Stack>
        )}
        <Stack
          component="ul"
          aria-label={t('Files of {{drive}}', { drive })}
          sx={{ gap: 1, m: 0, p: 1 }}
        >
          {files.map((f) => (
            <FileCard key={f.Path} file={f} props={props} />
          ))}
        </Stack>
      </Box>
    );
  }
  return (
    <TableContainer>
      {/* Eight columns: on a tablet the table scrolls sideways rather than squeeze paths. */}
      <Table size="small" aria-label={t('Files of {{drive}}', { drive })} sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            {props.selected && (
              <TableCell padding="checkbox">
                <SelectAll props={props} />
              </TableCell>
            )}
            <TableCell sx={{ minWidth: 200 }}>{t('Name')}</TableCell>
            <TableCell>{t('Type')}</TableCell>
            <TableCell>{t('Size')}</TableCell>
            <TableCell>{t('Tags')}</TableCell>
            <TableCell>{t('Updated')}</TableCell>
            <TableCell>{t('Indexing')}</TableCell>
            <TableCell>{t('Download')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((f) => (
            <FileRow key={f.Path} file={f} props={props} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
