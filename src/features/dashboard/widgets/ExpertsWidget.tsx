import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ExpertsWidget } from '../../../../protocol';
import { httpUrl, safeNextPath } from '../../../../protocol/paths';
import { keywordText } from '../../workspace/components/keywords';

type Expert = ExpertsWidget['experts'][number];

/** A grid of the world's experts: name, keywords, a link to each one's home page. */
export function DefaultExpertsWidget({ widget }: { widget: ExpertsWidget }) {
  const { t } = useTranslation();
  const experts = widget.experts ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {widget.title ?? t('Experts')}
        </Typography>
        {experts.length === 0 ? (
          <Typography color="text.secondary">{t('No experts available.')}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
              gap: 1.5,
              listStyle: 'none',
              m: 0,
              p: 0,
            }}
          >
            {experts.map((e) => (
              <ExpertCard key={e.expert_id} expert={e} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function ExpertCard({ expert }: { expert: Expert }) {
  const keywords = keywordText(expert.keywords);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column' }}
    >
      <Typography sx={{ fontWeight: 500 }}>{expert.name}</Typography>
      {keywords && (
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {keywords}
        </Typography>
      )}
      {expert.home_link && <HomeLink href={expert.home_link} name={expert.name} />}
    </Paper>
  );
}

/** An app path opens in the router, an http(s) URL in a new tab; anything else is not shown. */
function HomeLink({ href, name }: { href: string; name: string }) {
  const { t } = useTranslation();
  const label = t('Home page of {{name}}', { name });
  const sx = { mt: 1, alignSelf: 'flex-start' } as const;
  if (safeNextPath(href)) {
    return (
      <Link component={RouterLink} to={href} aria-label={label} sx={sx}>
        {t('Home page')}
      </Link>
    );
  }
  if (!httpUrl(href)) return null;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" aria-label={label} sx={sx}>
      {t('Home page')}
    </Link>
  );
}
