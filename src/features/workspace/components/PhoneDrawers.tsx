import CodeIcon from '@mui/icons-material/Code';
import GroupsIcon from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PhonePanel = 'experts' | 'blocks' | null;

/** The buttons that open the experts and the blocks, research and traces on a narrow screen. */
export function PhonePanelButtons({
  open,
  onOpen,
}: {
  open: PhonePanel;
  onOpen: (panel: Exclude<PhonePanel, null>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        startIcon={<GroupsIcon />}
        onClick={() => onOpen('experts')}
        aria-expanded={open === 'experts'}
        aria-controls="workspace-experts"
      >
        {t('Experts')}
      </Button>
      <Button
        startIcon={<CodeIcon />}
        onClick={() => onOpen('blocks')}
        aria-expanded={open === 'blocks'}
        aria-controls="workspace-blocks"
      >
        {t('Blocks')}
      </Button>
    </>
  );
}

/**
 * One side panel of the workspace as a drawer (narrow screens): the
 * transcript and the message box keep the screen, the panel slides over it.
 */
export function PhoneDrawer({
  id,
  label,
  anchor,
  open,
  onClose,
  children,
}: {
  id: string;
  label: string;
  anchor: 'left' | 'right';
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor={anchor}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 340, maxWidth: '90vw' } } }}
    >
      <Box
        id={id}
        component="aside"
        aria-label={label}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        {children}
      </Box>
    </Drawer>
  );
}
