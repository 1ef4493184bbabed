import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import StorageIcon from '@mui/icons-material/Storage';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FileSize } from '../../../components/FileSize';
import { Snippet } from '../../drives/finder/Snippet';
import { formatDate } from '../../../i18n/format';
import { fileTypeLabel } from '../adminFormat';
import type { AdminSearchResult } from './adminSearchApi';

/** A score (0..1) as a whole percent, never above 100 (SPEC §9). */
export function relevancePercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score * 100)));
}

function Relevance({ score }: { score: number }) {
  const { t } = useTranslation();
  const pct = relevancePercent(score);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, maxWidth: 280 }}>
      <Typography variant="caption" color="text.secondary">
        {t('Relevance')}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={pct}
        aria-label={t('Relevance')}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
        {pct}%
      </Typography>
    </Stack>
  );
}

/**
 * One result of the Cross-Drive Search (SPEC §2): path, drive, relevance for
 * scored results, type, updated date, size, tags, snippet or description.
 */
export function SearchResultCard({
  result,
  onOpen,
}: {
  result: AdminSearchResult;
  onOpen: (result: AdminSearchResult) => void;
}) {
  const { t } = useTranslation();
  const updated = formatDate(result.updatedAt);
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        onClick={() => onOpen(result)}
        aria-label={t('Open {{path}}', { path: result.path })}
      >
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <DescriptionOutlinedIcon fontSize="small" color="action" />
            <Typography
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}
            >
              {result.path}
            </Typography>
            <Chip
              size="small"
              icon={<StorageIcon />}
              label={result.driveName}
              aria-label={t('Drive {{name}}', { name: result.driveName })}
            />
          </Stack>
          {result.score !== undefined && <Relevance score={result.score} />}
          <Typography variant="body2" color="text.secondary" component="div">
            <Box component="span" sx={{ fontWeight: 500 }}>
              {fileTypeLabel(result.path, result.mimeType, t)}
            </Box>
            {' · '}
            {result.mimeType}
            {updated && ` · ${t('Updated {{date}}', { date: updated })}`}
            {' · '}
            <FileSize bytes={result.size} />
          </Typography>
          {result.tags.length > 0 && (
            <Stack
              direction="row"
              component="ul"
              aria-label={t('Tags')}
              sx={{ flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
            >
              {result.tags.map((tag) => (
                <li key={tag}>
                  <Chip size="small" variant="outlined" label={tag} />
                </li>
              ))}
            </Stack>
          )}
          {result.snippet ? (
            <Typography variant="body2" component="div">
              <Snippet text={result.snippet} />
            </Typography>
          ) : result.desc ? (
            <Typography variant="body2">{result.desc}</Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
