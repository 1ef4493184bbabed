import {
  AVATAR_COLORS,
  DEFAULT_AVATAR_COLOR,
  DEFAULT_DEVTOOLS_PREFERENCES,
  DEFAULT_LANGUAGE,
  DEFAULT_THEME,
  LANGUAGE_CHOICES,
  THEME_CHOICES,
  devToolsPreferencesSchema,
  type AvatarColor,
  type DevToolsPreferences,
  type LanguageChoice,
  type ThemeChoice,
} from '../../protocol';
import type { Queries } from './kysely';

/** One person's stored settings, defaults filled in where nothing was chosen. */
export interface StoredSettings {
  avatar_color: AvatarColor;
  theme: ThemeChoice;
  language: LanguageChoice;
  devtools: DevToolsPreferences;
}

export interface PendingTotp {
  secret: string;
  /** Epoch milliseconds of when the enrolment began. */
  startedAt: number;
}

const isAvatarColor = (v: unknown): v is AvatarColor => AVATAR_COLORS.some((c) => c.value === v);
const isTheme = (v: unknown): v is ThemeChoice => THEME_CHOICES.includes(v as ThemeChoice);
const isLanguage = (v: unknown): v is LanguageChoice =>
  LANGUAGE_CHOICES.includes(v as LanguageChoice);

function devToolsFrom(json: string | null): DevToolsPreferences {
  if (!json) return { ...DEFAULT_DEVTOOLS_PREFERENCES };
  try {
    const parsed = devToolsPreferencesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : { ...DEFAULT_DEVTOOLS_PREFERENCES };
  } catch {
    return { ...DEFAULT_DEVTOOLS_PREFERENCES };
  }
}

/**
 * Each person's own settings (migration 23). A person with no row has the
 * defaults; a value the code no longer offers (a colour taken out of the
 * list) reads as the default rather than failing.
 */
export class UserSettingsRepository {
  constructor(
    private readonly q: Queries,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(userId: string): Promise<StoredSettings> {
    const row = await this.q
      .selectFrom('user_settings')
      .select(['avatar_color', 'theme', 'language', 'devtools'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      avatar_color: isAvatarColor(row?.avatar_color) ? row.avatar_color : DEFAULT_AVATAR_COLOR,
      theme: isTheme(row?.theme) ? row.theme : DEFAULT_THEME,
      language: isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE,
      devtools: devToolsFrom(row?.devtools ?? null),
    };
  }

  /** Writes the given fields; the others keep their value (or default). */
  async update(
    userId: string,
    patch: Partial<StoredSettings> & { pendingTotp?: PendingTotp | null },
  ): Promise<void> {
    const values: {
      avatar_color?: string;
      theme?: string;
      language?: string;
      devtools?: string;
      pending_totp_secret?: string | null;
      pending_totp_at?: string | null;
    } = {};
    if (patch.avatar_color !== undefined) values.avatar_color = patch.avatar_color;
    if (patch.theme !== undefined) values.theme = patch.theme;
    if (patch.language !== undefined) values.language = patch.language;
    if (patch.devtools !== undefined) values.devtools = JSON.stringify(patch.devtools);
    if (patch.pendingTotp !== undefined) {
      values.pending_totp_secret = patch.pendingTotp?.secret ?? null;
      values.pending_totp_at = patch.pendingTotp
        ? new Date(patch.pendingTotp.startedAt).toISOString()
        : null;
    }
    const updated_at = this.now().toISOString();
    await this.q
      .insertInto('user_settings')
      .values({ user_id: userId, ...values, updated_at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at }))
      .execute();
  }

  async pendingTotp(userId: string): Promise<PendingTotp | undefined> {
    const row = await this.q
      .selectFrom('user_settings')
      .select(['pending_totp_secret', 'pending_totp_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row?.pending_totp_secret || !row.pending_totp_at) return undefined;
    return { secret: row.pending_totp_secret, startedAt: Date.parse(row.pending_totp_at) };
  }
}
