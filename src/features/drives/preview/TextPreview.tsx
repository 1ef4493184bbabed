import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

export const TEXT_BLOCK_SX: SxProps<Theme> = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontFamily: 'monospace',
  fontSize: '0.85rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  overflow: 'auto',
  '& code.hljs': { p: 0, bgcolor: 'transparent' },
};

/** Plain text as it is: React escapes it, nothing is interpreted. */
export function TextPreview({ text }: { text: string }) {
  return (
    <Box component="pre" sx={TEXT_BLOCK_SX} data-testid="text-preview">
      {text}
    </Box>
  );
}
