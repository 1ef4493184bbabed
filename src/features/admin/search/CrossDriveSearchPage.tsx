import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { driveErrorText, useListDrivesQuery } from '../../drives/drivesApi';
import { adminFileUrl } from '../../../../protocol/paths';
import { ADMIN_DRIVES } from '../adminFormat';
import { AdminLayout } from '../AdminLayout';
import { DEFAULT_THRESHOLD, selectedDrives, type SearchOptions } from './AdvancedOptions';
import { SearchForm } from './SearchForm';
import { SearchResultCard } from './SearchResultCard';
import { drivesWithResults, useCrossDriveSearch } from './useCrossDriveSearch';

function Results({ search }: { search: ReturnType<typeof useCrossDriveSearch> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, total, hasMore } = search;
  // Two counts in one sentence: the drives' form is chosen here, the results' by i18next.
  const drives = drivesWithResults(state);
  if (state.status === 'idle') return null;
  if (state.status === 'searching') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('Searching')} />
      </Box>
    );
  }
  if (state.results.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('No results found for "{{query}}"', { query: state.params?.query ?? '' })}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {drives === 1
          ? t('Found {{count}} results across 1 drive', { count: total })
          : t('Found {{count}} results across {{drives}} drives', { count: total, drives })}
      </Typography>
      <Box
        component="ul"
        aria-label={t('Search results')}
        sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {state.results.map((r) => (
          <SearchResultCard
            key={`${r.driveName}\u0000${r.path}`}
            result={r}
            onOpen={() => navigate(adminFileUrl(r.driveName, r.path))}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        {hasMore ? (
          <Button
            variant="outlined"
            onClick={() => void search.loadMore()}
            disabled={state.loadingMore}
            startIcon={state.loadingMore ? <CircularProgress size={16} /> : undefined}
          >
            {t('Load more results')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('All results loaded')}
          </Typography>
        )}
      </Box>
    </>
  );
}

function CrossDriveSearch() {
  const { t } = useTranslation();
  const drives = useListDrivesQuery(ADMIN_DRIVES);
  const search = useCrossDriveSearch();
  const [options, setOptions] = useState<SearchOptions>({
    kind: 'text',
    chosenDrives: null,
    includeContent: false,
    threshold: DEFAULT_THRESHOLD,
  });
  const all = drives.data ?? [];
  const chosen = selectedDrives(options, all);
  return (
    <>
      <SearchForm
        options={options}
        drives={all}
        // Until the drives are known there is nothing to search.
        busy={search.state.status === 'searching' || !drives.data}
        onOptions={setOptions}
        onSearch={(query) =>
          void search.search({
            query,
            kind: options.kind,
            drives: chosen,
            includeContent: options.includeContent,
            threshold: options.threshold,
          })
        }
      />
      {drives.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('Failed to load drives: {{error}}', { error: driveErrorText(drives.error) })}
        </Alert>
      )}
      {drives.data && chosen.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {all.length === 0 ? t('No EMDrives found') : t('Select at least one drive to search.')}
        </Alert>
      )}
      <Results search={search} />
    </>
  );
}

/** Cross-Drive Search, /admin/search (SPEC §2, §4): every chosen drive searched at once. */
export function CrossDriveSearchPage() {
  const { t } = useTranslation();
  return (
    <AdminLayout title={t('Cross-Drive Search')} crumbs={[{ label: t('Cross-Drive Search') }]}>
      <CrossDriveSearch />
    </AdminLayout>
  );
}
