import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import { useTranslation } from 'react-i18next';
import type { ImageWidget } from '../../../../protocol';
import { useDashboardAction } from './useDashboardAction';

/** An image; with a click_action it is a button that runs it like the new-workspace action. */
export function DefaultImageWidget({ widget }: { widget: ImageWidget }) {
  const { t } = useTranslation();
  const { run, busy } = useDashboardAction();
  const image = (
    <Box
      component="img"
      src={widget.image_url}
      alt={widget.alt ?? ''}
      // Its own proportions reserve its place while it loads (the page does not jump).
      width={widget.width}
      height={widget.height}
      sx={{ display: 'block', width: '100%', height: 'auto' }}
    />
  );
  const action = widget.click_action;
  return (
    <Card variant="outlined">
      {action ? (
        <CardActionArea
          disabled={busy}
          aria-label={widget.alt || t('Open')}
          onClick={() => void run(action)}
        >
          {image}
        </CardActionArea>
      ) : (
        image
      )}
    </Card>
  );
}
