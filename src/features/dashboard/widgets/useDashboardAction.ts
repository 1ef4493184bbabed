import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DashboardAction } from '../../../../protocol';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';
import { actionRedirectTarget } from '../actionRedirect';
import { useRunActionMutation } from '../dashboardApi';

/**
 * Runs a widget's action through POST /api/action and follows its redirect_url
 * to the management or the workspace screen; a failure flashes 'Server error: {status}' (SPEC §8).
 */
export function useDashboardAction() {
  const { t } = useTranslation();
  const [runAction, { isLoading }] = useRunActionMutation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const run = useCallback(
    async (action: DashboardAction) => {
      try {
        const { redirect_url } = await runAction(action).unwrap();
        if (redirect_url) navigate(actionRedirectTarget(redirect_url).to);
      } catch (error) {
        const status = (error as { status?: unknown } | undefined)?.status ?? 'unknown';
        dispatch(flashShown(t('Server error: {{status}}', { status: String(status) }), 'error'));
      }
    },
    [runAction, navigate, dispatch, t],
  );

  return { run, busy: isLoading };
}
