import type { Components, Theme } from '@mui/material/styles';

export const inputs: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', borderRadius: 8, fontWeight: 600 } },
  },
  MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
};
