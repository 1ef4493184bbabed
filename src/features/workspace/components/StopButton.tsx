import StopCircleIcon from '@mui/icons-material/StopCircle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { cogSend } from '../../../ws/cogActions';
import { selectRoundRunning } from '../workspaceSelectors';

/** Beside Send while experts answer in this workspace: stops them (round.stop). */
export function StopButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const running = useAppSelector(selectRoundRunning);
  if (!running) return null;
  return (
    <Tooltip title={t('Stop')}>
      <IconButton
        aria-label={t('Stop')}
        color="error"
        onClick={() => dispatch(cogSend('round.stop', {}))}
      >
        <StopCircleIcon />
      </IconButton>
    </Tooltip>
  );
}
