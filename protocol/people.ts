import * as z from 'zod/mini';

/**
 * Administration of people (issue 21): the REST calls under /api/admin/people
 * and /api/admin/worlds, their request schemas (the server parses every body
 * and query with them) and answers.
 */

/** Accounts per page of /admin/users. */
export const PEOPLE_PAGE_SIZE = 20;
export const MIN_PASSWORD_LENGTH = 8;

const email = z
  .string()
  .check(z.trim(), z.minLength(3), z.maxLength(320), z.regex(/^[^\s@]+@[^\s@]+$/));
const displayName = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
const worldId = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9][a-z0-9_-]*$/i));
const worldName = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));

/** GET /api/admin/people: a page of accounts, searched by name or email. */
export const peopleQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** Only members of this world (a global admin's filter; a world admin sees only theirs). */
  world: z.optional(worldId),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

export interface PersonWorld {
  world_id: string;
  name: string;
  is_admin: boolean;
}

/** One account as /admin/users lists it. */
export interface Person {
  id: string;
  email: string;
  name: string;
  created_at: string;
  disabled: boolean;
  /** A one-time code (TOTP) is required at sign-in. */
  pin: boolean;
  /** The password is a temporary one: the next sign-in asks for a new one. */
  must_change_password: boolean;
  global_admin: boolean;
  worlds: PersonWorld[];
  /**
   * Whether the viewer may change the account itself (disable, delete, reset
   * its password, PIN): a world admin may only for accounts of their world
   * alone; world access they may always change within their world.
   */
  manageable: boolean;
}

/** Who is looking: a global admin sees every account; a world admin their world's members. */
export type PeopleScope = { kind: 'global' } | { kind: 'world'; world_id: string };

export interface PeopleResponse {
  status: 'ok';
  scope: PeopleScope;
  people: Person[];
  total: number;
  /** The worlds this viewer may grant. */
  worlds: { world_id: string; name: string }[];
  /** The viewer's own account id (so the page can say 'you'). */
  self_id: string;
}

export interface PersonResponse {
  status: 'ok';
  person: Person;
}

/** POST /api/admin/people: add an account. Without a password a temporary one is made. */
export const addPersonSchema = z.object({
  email,
  name: z.optional(displayName),
  worlds: z
    .array(z.object({ world_id: worldId, is_admin: z.optional(z.boolean()) }))
    .check(z.maxLength(100)),
});
export type AddPersonRequest = z.infer<typeof addPersonSchema>;

/** A secret shown once: a temporary password, or a PIN's secret to give the person. */
export interface PersonSecretResponse extends PersonResponse {
  temporary_password?: string;
  totp?: { secret: string; uri: string };
}

/** PUT /api/admin/people/:id/worlds/:worldId: grant a world (and its admin right, or not). */
export const grantWorldSchema = z.object({ is_admin: z.boolean() });
/** POST /api/admin/people/:id/pin: require a one-time code at sign-in, or stop requiring it. */
export const requirePinSchema = z.object({ required: z.boolean() });
/** POST /api/admin/people/:id/global-admin */
export const globalAdminSchema = z.object({ global_admin: z.boolean() });
/** DELETE /api/admin/people/:id: the account's email typed again, so no click deletes by accident. */
export const deletePersonSchema = z.object({ confirm_email: z.string().check(z.maxLength(320)) });

/** What deleting an account does to what it made (said in the confirmation and the answer). */
export const DELETE_ACCOUNT_CONSEQUENCES =
  'Their sessions end at once. Workspaces they created stay in their worlds with no creator: shared ones stay open to the world, private ones to their other participants and the world’s administrators. Their messages stay in the transcripts.';

export const worldCreateSchema = z.object({ id: worldId, name: worldName });
export const worldRenameSchema = z.object({ name: worldName });

export interface AdminWorld {
  world_id: string;
  name: string;
  members: number;
  admins: number;
}

export interface AdminWorldsResponse {
  status: 'ok';
  worlds: AdminWorld[];
  /** Only global admins create worlds. */
  can_create: boolean;
}
