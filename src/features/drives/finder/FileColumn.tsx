import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../../../protocol';
import { formatSize } from '../../../components/formatSize';
import { ColumnMessage } from './ColumnMessage';
import { Snippet } from './Snippet';

export interface FilePage {
  rows: SearchResult[];
  total: number;
  pages: number;
}

/** The finder's middle column: a page of the drive's files or of search results, with a pager. */
export function FileColumn({
  drive,
  searching,
  data,
  showScores = false,
  loading,
  error,
  page,
  selected,
  onSelect,
  onPage,
}: {
  drive: string | null;
  searching: boolean;
  data: FilePage | undefined;
  /** Semantic results: each shows how well it matches. */
  showScores?: boolean;
  loading: boolean;
  error: string | null;
  page: number;
  selected: string | null;
  onSelect: (path: string) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!drive) return <ColumnMessage>{t('Select a drive')}</ColumnMessage>;
  if (error) {
    return (
      <Alert severity="error">
        {searching
          ? t('Failed to search files: {{error}}', { error })
          : t('Failed to load files: {{error}}', { error })}
      </Alert>
    );
  }
  if (!data) {
    return loading ? (
      <CircularProgress size={24} aria-label={t('Loading files')} sx={{ m: 2 }} />
    ) : null;
  }
  if (data.rows.length === 0) {
    return (
      <ColumnMessage>{searching ? t('No search results') : t('No files found')}</ColumnMessage>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <List
        dense
        disablePadding
        aria-label={searching ? t('Search results') : t('Files')}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        {data.rows.map(({ File: file, Snippet: snippet, Score: score }) => (
          <ListItem key={file.Path} disablePadding>
            <ListItemButton
              selected={file.Path === selected}
              aria-current={file.Path === selected ? 'true' : undefined}
              onClick={() => onSelect(file.Path)}
            >
              <ListItemText
                primary={file.Name}
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      {file.Path} · {formatSize(file.Size)}
                      {showScores &&
                        score !== undefined &&
                        ` · ${t('{{percent}}% match', { percent: Math.round(Math.min(1, score) * 100) })}`}
                    </Box>
                    {snippet && <Snippet text={snippet} />}
                  </>
                }
                slotProps={{ primary: { noWrap: true, title: file.Path } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Box
        component="nav"
        aria-label={t('Pages')}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pt: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('Previous')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, textAlign: 'center' }}>
          {t('Page {{page}} of {{pages}}', { page, pages: Math.max(1, data.pages) })} ·{' '}
          {t('{{count}} files', { count: data.total })}
        </Typography>
        <Button size="small" disabled={page >= data.pages} onClick={() => onPage(page + 1)}>
          {t('Next')}
        </Button>
      </Box>
    </Box>
  );
}
