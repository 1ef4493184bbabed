import { useEffect, useRef } from 'react';
import { applyLanguage } from '../../i18n/i18n';
import { useAppSelector } from '../../store/hooks';
import { selectUser } from '../auth/authSlice';

/**
 * Applies the signed-in person's language (kept with their settings) when
 * the session names it, or names another; this browser remembers it too, so
 * the next start of the page opens in it, signed in or not.
 */
export function LanguageFromAccount() {
  const language = useAppSelector(selectUser)?.language;
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!language || language === applied.current) return;
    applied.current = language;
    void applyLanguage(language);
  }, [language]);
  return null;
}
