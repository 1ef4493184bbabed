import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
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
  if (!drive) return <ColumnMessage>Select a drive</ColumnMessage>;
  if (error) {
    return (
      <Alert severity="error">
        {searching ? 'Failed to search files: ' : 'Failed to load files: '}
        {error}
      </Alert>
    );
  }
  if (!data) {
    return loading ? <CircularProgress size={24} aria-label="Loading files" sx={{ m: 2 }} /> : null;
  }
  if (data.rows.length === 0) {
    return <ColumnMessage>{searching ? 'No search results' : 'No files found'}</ColumnMessage>;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <List
        dense
        disablePadding
        aria-label={searching ? 'Search results' : 'Files'}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        {data.rows.map(({ File: file, Snippet: snippet, Score: score }) => (
          <ListItemButton
            key={file.Path}
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
                      ` · ${Math.round(Math.min(1, score) * 100)}% match`}
                  </Box>
                  {snippet && <Snippet text={snippet} />}
                </>
              }
              slotProps={{ primary: { noWrap: true, title: file.Path } }}
            />
          </ListItemButton>
        ))}
      </List>
      <Box
        component="nav"
        aria-label="Pages"
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
          Previous
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, textAlign: 'center' }}>
          Page {page} of {Math.max(1, data.pages)} · {data.total}{' '}
          {data.total === 1 ? 'file' : 'files'}
        </Typography>
        <Button size="small" disabled={page >= data.pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
