import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * 'Showing x to y of z results' with Previous and Next (SPEC §2, §5):
 * Previous is disabled on page 1, Next on the last page.
 */
export function AdminPager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <Stack
      component="nav"
      aria-label={t('Pages')}
      direction="row"
      sx={{ alignItems: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
        {t('Showing {{from}} to {{to}} of {{total}} results', { from, to, total })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('Page {{page}} of {{pages}}', { page, pages })}
      </Typography>
      <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Previous')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('Next')}
      </Button>
    </Stack>
  );
}
