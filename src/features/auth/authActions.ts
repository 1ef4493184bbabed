import { createAction } from '@reduxjs/toolkit';
import type { LanguageChoice, ThemeChoice } from '../../../protocol';

export const authenticationFailed = createAction('auth/authenticationFailed');

/** The person changed what the session shows of them (name, avatar colour, theme, language) on /settings. */
export const accountSettingsSaved = createAction<{
  name: string;
  avatar_color: string;
  theme: ThemeChoice;
  language: LanguageChoice;
}>('auth/accountSettingsSaved');
