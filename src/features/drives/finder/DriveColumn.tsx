import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Drive } from '../../../../protocol';
import { formatSize } from '../../../components/formatSize';
import { ColumnMessage } from './ColumnMessage';

const fileCount = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** The finder's first column: the world's drives; picking one shows its files. */
export function DriveColumn({
  drives,
  loading,
  error,
  selected,
  onPick,
}: {
  drives: Drive[] | undefined;
  loading: boolean;
  error: string | null;
  selected: string | null;
  onPick: (drive: string) => void;
}) {
  if (error) return <Alert severity="error">Failed to load drives: {error}</Alert>;
  if (loading && !drives)
    return <CircularProgress size={24} aria-label="Loading drives" sx={{ m: 2 }} />;
  if (!drives?.length) return <ColumnMessage>No drives available</ColumnMessage>;
  return (
    <List dense aria-label="Drives" disablePadding>
      {drives.map((d) => (
        <ListItemButton
          key={d.Name}
          selected={d.Name === selected}
          aria-current={d.Name === selected ? 'true' : undefined}
          onClick={() => onPick(d.Name)}
        >
          <ListItemText
            primary={d.Name}
            secondary={`${fileCount(d.FileCount)} · ${formatSize(d.TotalSize)}`}
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
