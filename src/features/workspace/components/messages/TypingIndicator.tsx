import { keyframes, styled } from '@mui/material/styles';
import { unstable_memoTheme as memoTheme } from '@mui/material/utils';
import { useTranslation } from 'react-i18next';

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.2; }
  40% { opacity: 1; }
`;

/*
 * The dots' styles made once per theme, like a row's own boxes (TranscriptRow.tsx): as `sx` on four
 * Boxes, the sx processor and emotion's serializer ran over them on every streamed delta
 * of every answer being typed, and the first answers of a page inserted four rules of
 * their own (one per dot's delay). The CSS is the same.
 */
const Typing = styled('span')(
  memoTheme(({ theme }) => theme.unstable_sx({ display: 'inline-flex', gap: 0.5, ml: 0.5 })),
);

const Dot = styled('span')(
  memoTheme(({ theme }) => ({
    ...theme.unstable_sx({ width: 5, height: 5, borderRadius: '50%', bgcolor: 'text.secondary' }),
    animation: `${blink} 1.2s 0s infinite ease-in-out`,
    '&:nth-of-type(2)': { animationDelay: '0.2s' },
    '&:nth-of-type(3)': { animationDelay: '0.4s' },
  })),
);

/** The dots beside an answer's name while it is still being written. */
export function TypingIndicator() {
  const { t } = useTranslation();
  return (
    <Typing role="status" aria-label={t('typing')}>
      <Dot />
      <Dot />
      <Dot />
    </Typing>
  );
}
