import type { UserSessionResponse } from '../../protocol';
import type { Config } from '../config';
import type { Store } from '../store';
import type { UserRow } from '../store/users';

/** The answer of POST /api/auth and /api/user for a signed-in user (SPEC §7). */
export async function userSession(
  store: Store,
  config: Config,
  user: UserRow,
): Promise<UserSessionResponse> {
  const [worlds, settings] = await Promise.all([
    store.users.worlds(user.id),
    store.userSettings.get(user.id),
  ]);
  const active =
    worlds.find((w) => w.world_id === user.active_world)?.world_id ?? worlds[0]?.world_id;
  return {
    status: 'ok',
    user: {
      name: user.name,
      email: user.email,
      avatar_color: settings.avatar_color,
      theme: settings.theme,
      language: settings.language,
    },
    active_world: active,
    accessible_worlds: worlds.map((w) => ({
      world_id: w.world_id,
      name: w.name,
      is_admin: w.is_admin,
    })),
    login_url: config.loginUrl,
    ...(Number(user.global_admin) === 1 ? { global_admin: true } : {}),
  };
}
