import DownloadIcon from '@mui/icons-material/Download';
import FolderIcon from '@mui/icons-material/Folder';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import type { DriveFile } from '../../../../protocol';
import { FileSize } from '../../../components/FileSize';
import { fileDownloadUrl } from '../../drives/drivesApi';
import { formatShortDate } from '../adminFormat';
import { IndexStateCell } from './IndexStateCell';
import { TagChips } from './TagChips';

/** Tags shown in a file row (SPEC §9). */
export const FILE_ROW_TAGS = 3;

function FileRow({
  drive,
  worldId,
  file,
  onOpen,
}: {
  drive: string;
  worldId: string;
  file: DriveFile;
  onOpen: (file: DriveFile) => void;
}) {
  const folder = file.IsFolder === true;
  const open = () => {
    if (!folder) onOpen(file);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open();
    }
  };
  return (
    <TableRow
      hover={!folder}
      tabIndex={folder ? undefined : 0}
      onClick={open}
      onKeyDown={onKeyDown}
      sx={{ cursor: folder ? 'default' : 'pointer' }}
    >
      <TableCell>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          {folder ? (
            <FolderIcon fontSize="small" color="action" />
          ) : (
            <InsertDriveFileOutlinedIcon fontSize="small" color="action" />
          )}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file.Path}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell>{folder ? 'Folder' : file.MimeType}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {folder ? '—' : <FileSize bytes={file.Size} />}
      </TableCell>
      <TableCell>
        <TagChips tags={file.Tags} max={FILE_ROW_TAGS} label={`Tags of ${file.Path}`} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(file.UpdatedAt)}</TableCell>
      <TableCell>
        <IndexStateCell drive={drive} file={file} />
      </TableCell>
      <TableCell padding="checkbox">
        {!folder && (
          <Tooltip title="Download">
            <IconButton
              size="small"
              aria-label={`Download ${file.Path}`}
              href={fileDownloadUrl(drive, file.Path, worldId)}
              download
              onClick={(e) => e.stopPropagation()}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A drive's files: Name (path), Type or 'Folder', Size, Tags, Updated, Indexing (not in the SPEC), Download. */
export function DriveFilesTable({
  drive,
  worldId,
  files,
  onOpen,
}: {
  drive: string;
  worldId: string;
  files: readonly DriveFile[];
  onOpen: (file: DriveFile) => void;
}) {
  return (
    <TableContainer>
      {/* Seven columns do not fit a phone: the table scrolls sideways rather than squeeze paths to a letter a line. */}
      <Table size="small" aria-label={`Files of ${drive}`} sx={{ minWidth: 920 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 200 }}>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Size</TableCell>
            <TableCell>Tags</TableCell>
            <TableCell>Updated</TableCell>
            <TableCell>Indexing</TableCell>
            <TableCell>Download</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((f) => (
            <FileRow key={f.Path} drive={drive} worldId={worldId} file={f} onOpen={onOpen} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
