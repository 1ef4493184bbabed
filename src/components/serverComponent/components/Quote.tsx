import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../../i18n/i18n';
import type { ServerComponentProps } from '../types';

/** SPEC §4, §9: a new quote every 10 s, faded in over 2 s. */
export const QUOTE_INTERVAL_MS = 10000;
export const QUOTE_FADE_MS = 2000;

/** Ten well-attested public-domain quotes (no misattributions); each text shown in the current language. */
export const QUOTES: readonly { text: string; author: string }[] = [
  {
    text: tKey('If I have seen further it is by standing on the shoulders of Giants.'),
    author: 'Isaac Newton',
  },
  { text: tKey('Knowledge itself is power.'), author: 'Francis Bacon' },
  { text: tKey('I think, therefore I am.'), author: 'René Descartes' },
  { text: tKey('The unexamined life is not worth living.'), author: 'Socrates' },
  { text: tKey('Well done is better than well said.'), author: 'Benjamin Franklin' },
  {
    text: tKey('A journey of a thousand miles begins with a single step.'),
    author: 'Lao Tzu',
  },
  {
    text: tKey('It is a capital mistake to theorize before one has data.'),
    author: 'Arthur Conan Doyle',
  },
  {
    text: tKey('In the fields of observation chance favours only the prepared mind.'),
    author: 'Louis Pasteur',
  },
  { text: tKey('Nature does nothing in vain.'), author: 'Aristotle' },
  { text: tKey('Fortune favours the bold.'), author: 'Virgil' },
];

/** The quote easter egg: cycles QUOTES, each fading in as it arrives. */
export function Quote({ style }: ServerComponentProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  // Someone who asked their system for less motion gets the quotes without the fade.
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % QUOTES.length), QUOTE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  const quote = QUOTES[index] ?? QUOTES[0]!;
  return (
    <Box style={style} sx={{ py: 1 }}>
      {/* The key remounts the Fade, so every new quote fades in from nothing. */}
      <Fade key={index} in appear timeout={still ? 0 : QUOTE_FADE_MS}>
        <Box component="figure" data-testid="quote" sx={{ m: 0 }}>
          <Typography component="blockquote" variant="h6" sx={{ fontStyle: 'italic', m: 0 }}>
            “{t(quote.text)}”
          </Typography>
          <Typography
            component="figcaption"
            variant="body2"
            sx={{ color: 'text.secondary', mt: 0.5 }}
          >
            — {quote.author}
          </Typography>
        </Box>
      </Fade>
    </Box>
  );
}
