import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COMPONENT_NAMES } from '../../../protocol/components';
import { NavBar } from '../world/NavBar';
import { gallerySamples } from '../../components/serverComponent/gallerySamples';
import { ServerComponent } from '../../components/serverComponent/ServerComponent';
import { useAppSelector } from '../../store/hooks';
import { selectActiveWorld } from '../auth/authSlice';

/**
 * /u1/gallery: every server-driven component with a sample (SPEC §2 "gallery
 * ... sample content only"). There is no server behind it, so each sample runs
 * on the default screen: events are logged to the console.
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const worldId = useAppSelector(selectActiveWorld) ?? '';
  return (
    <>
      <NavBar worldId={worldId} title={t('Gallery')} />
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
          {t('Component Gallery')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          {t('Every component a server app can use on its pages and flows, with a sample.')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {COMPONENT_NAMES.map((name) => (
            <Card key={name} data-testid={`gallery-item-${name}`} component="section">
              <CardContent>
                <Typography
                  variant="overline"
                  component="h2"
                  sx={{ display: 'block', color: 'text.secondary', mb: 1 }}
                >
                  {name}
                </Typography>
                <ServerComponent node={gallerySamples[name]} />
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </>
  );
}
