import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { flashDismissed, selectCurrentFlash } from './flashSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/** Shows the current flash message for its duration (4 s by default, SPEC §9). */
export function Flash() {
  const dispatch = useAppDispatch();
  const flash = useAppSelector(selectCurrentFlash);
  return (
    <Snackbar
      key={flash?.id}
      open={Boolean(flash)}
      autoHideDuration={flash?.durationMs}
      onClose={(_e, reason) =>
        reason !== 'clickaway' && flash && dispatch(flashDismissed(flash.id))
      }
      // Top centre, under the app bar: at the bottom it would cover the message box.
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72, sm: 76 } }}
    >
      <Alert
        severity={flash?.severity ?? 'info'}
        variant="filled"
        onClose={() => flash && dispatch(flashDismissed(flash.id))}
        role="status"
        action={
          flash?.action && (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                // The flash's own plain action, then the flash goes: its job is done.
                dispatch(flash.action!.action);
                dispatch(flashDismissed(flash.id));
              }}
            >
              {flash.action.label}
            </Button>
          )
        }
      >
        {flash?.text}
      </Alert>
    </Snackbar>
  );
}
