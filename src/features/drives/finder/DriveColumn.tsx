import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { Drive } from '../../../../protocol';
import { formatSize } from '../../../components/formatSize';
import { ColumnMessage } from './ColumnMessage';

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
  const { t } = useTranslation();
  if (error)
    return <Alert severity="error">{t('Failed to load drives: {{error}}', { error })}</Alert>;
  if (loading && !drives)
    return <CircularProgress size={24} aria-label={t('Loading drives')} sx={{ m: 2 }} />;
  if (!drives?.length) return <ColumnMessage>{t('No drives available')}</ColumnMessage>;
  return (
    <List dense aria-label={t('Drives')} disablePadding>
      {drives.map((d) => (
        <ListItem key={d.Name} disablePadding>
          <ListItemButton
            selected={d.Name === selected}
            aria-current={d.Name === selected ? 'true' : undefined}
            onClick={() => onPick(d.Name)}
          >
            <ListItemText
              primary={d.Name}
              secondary={`${t('{{count}} files', { count: d.FileCount })} · ${formatSize(d.TotalSize)}`}
              slotProps={{ primary: { noWrap: true } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
