import * as z from 'zod/mini';

/**
 * A person's own settings (/settings): REST shapes of /api/settings and its
 * password and PIN calls.
 */

/** Light, dark, or whatever the system prefers (the default). */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const DEFAULT_THEME: ThemeChoice = 'system';

/**
 * The languages the pages are translated into, or 'browser': whichever of
 * them the browser prefers (English when it prefers none of them).
 */
export const LANGUAGE_CHOICES = ['browser', 'en', 'de'] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];
export const DEFAULT_LANGUAGE: LanguageChoice = 'browser';

/**
 * Colours the avatar's initials may sit on: each keeps white initials at a
 * contrast of at least 4.5:1 (WCAG AA), in both themes.
 */
export const AVATAR_COLORS = [
  { value: '#4f46e5', label: 'Indigo' },
  { value: '#1d4ed8', label: 'Blue' },
  { value: '#0f766e', label: 'Teal' },
  { value: '#15803d', label: 'Green' },
  { value: '#b45309', label: 'Amber' },
  { value: '#c2410c', label: 'Orange' },
  { value: '#b91c1c', label: 'Red' },
  { value: '#be185d', label: 'Pink' },
  { value: '#7e22ce', label: 'Purple' },
  { value: '#475569', label: 'Slate' },
] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number]['value'];
/** The avatar colour of someone who never chose one (the theme's primary). */
export const DEFAULT_AVATAR_COLOR: AvatarColor = '#4f46e5';
const AVATAR_COLOR_VALUES = AVATAR_COLORS.map((c) => c.value) as [AvatarColor, ...AvatarColor[]];

/** The Redux DevTools settings kept per person (README "Developers: Redux DevTools"). */
export const DEVTOOLS_MAX_AGE_LIMITS = { min: 1, max: 100_000 } as const;
export const devToolsPreferencesSchema = z.object({
  /** How many actions DevTools keeps. */
  maxAge: z
    .int()
    .check(z.minimum(DEVTOOLS_MAX_AGE_LIMITS.min), z.maximum(DEVTOOLS_MAX_AGE_LIMITS.max)),
  /** Hide the heartbeat actions from DevTools (they still reach the reducers). */
  hideHeartbeats: z.boolean(),
});
export type DevToolsPreferences = z.infer<typeof devToolsPreferencesSchema>;
export const DEFAULT_DEVTOOLS_PREFERENCES: DevToolsPreferences = {
  maxAge: 5000,
  hideHeartbeats: false,
};

export const DISPLAY_NAME_MAX = 80;
/** Shorter new passwords are refused (the same rule as `npm run users -- set-password`). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

/** GET /api/settings (and the answer of every change). */
export interface UserSettings {
  name: string;
  email: string;
  avatar_color: AvatarColor;
  theme: ThemeChoice;
  language: LanguageChoice;
  devtools: DevToolsPreferences;
  /** A PIN (TOTP code) is asked for at sign-in. */
  pin_enabled: boolean;
  /** The account has a password (one signed in only through single sign-on has none). */
  has_password: boolean;
}

export interface UserSettingsResponse {
  status: 'ok';
  settings: UserSettings;
}

/** PATCH /api/settings: any of these, nothing else. */
export const settingsUpdateSchema = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(DISPLAY_NAME_MAX))),
  avatar_color: z.optional(z.enum(AVATAR_COLOR_VALUES)),
  theme: z.optional(z.enum(THEME_CHOICES)),
  language: z.optional(z.enum(LANGUAGE_CHOICES)),
  devtools: z.optional(devToolsPreferencesSchema),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** POST /api/settings/password. */
export const passwordChangeSchema = z.strictObject({
  current_password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX)),
  new_password: z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX)),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export interface PasswordChangedResponse {
  status: 'ok';
  /** How many other sessions of the account were ended. */
  sessions_ended: number;
}

/** POST /api/settings/pin/start: a new secret to enrol, not yet asked for at sign-in. */
export interface PinEnrolmentResponse {
  status: 'ok';
  /** Base32, for typing into an authenticator by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
}

/** POST /api/settings/pin/confirm and /api/settings/pin/disable: a code from the authenticator. */
export const pinCodeSchema = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
});
export type PinCode = z.infer<typeof pinCodeSchema>;
