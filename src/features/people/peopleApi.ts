import type {
  AddPersonRequest,
  AdminWorldsResponse,
  AuditQuery,
  AuditResponse,
  PeopleResponse,
  PersonResponse,
  PersonSecretResponse,
} from '../../../protocol';
import { baseApi } from '../../api/baseApi';

/** What a page of /admin/users asks for; the world keys the cache (sent as X-World-Id). */
export interface PeoplePageArgs {
  worldId: string;
  q: string;
  offset: number;
  limit: number;
  /** A global admin's filter: members of this world only. */
  world?: string;
}

const people = (id: string, rest = '') => `/admin/people/${encodeURIComponent(id)}${rest}`;

/**
 * Administration of people and the audit log (issue 21): /api/admin/people,
 * /api/admin/worlds, /api/admin/audit. Every change refetches the lists.
 */
export const peopleApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['People', 'AdminWorlds', 'Audit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listPeople: build.query<PeopleResponse, PeoplePageArgs>({
        query: ({ q, offset, limit, world }) => ({
          url: '/admin/people',
          params: { q: q || undefined, offset, limit, world: world || undefined },
        }),
        providesTags: ['People'],
      }),
      addPerson: build.mutation<PersonSecretResponse, AddPersonRequest>({
        query: (body) => ({ url: '/admin/people', method: 'POST', body }),
        invalidatesTags: ['People', 'AdminWorlds', 'Audit'],
      }),
      setPersonDisabled: build.mutation<PersonResponse, { id: string; disabled: boolean }>({
        query: ({ id, disabled }) => ({
          url: people(id, disabled ? '/disable' : '/enable'),
          method: 'POST',
        }),
        invalidatesTags: ['People', 'Audit'],
      }),
      resetPersonPassword: build.mutation<PersonSecretResponse, string>({
        query: (id) => ({ url: people(id, '/reset-password'), method: 'POST' }),
        invalidatesTags: ['People', 'Audit'],
      }),
      setPersonPin: build.mutation<PersonSecretResponse, { id: string; required: boolean }>({
        query: ({ id, required }) => ({
          url: people(id, '/pin'),
          method: 'POST',
          body: { required },
        }),
        invalidatesTags: ['People', 'Audit'],
      }),
      setPersonGlobalAdmin: build.mutation<PersonResponse, { id: string; globalAdmin: boolean }>({
        query: ({ id, globalAdmin }) => ({
          url: people(id, '/global-admin'),
          method: 'POST',
          body: { global_admin: globalAdmin },
        }),
        invalidatesTags: ['People', 'Audit'],
      }),
      grantPersonWorld: build.mutation<
        PersonResponse,
        { id: string; world: string; isAdmin: boolean }
      >({
        query: ({ id, world, isAdmin }) => ({
          url: people(id, `/worlds/${encodeURIComponent(world)}`),
          method: 'PUT',
          body: { is_admin: isAdmin },
        }),
        invalidatesTags: ['People', 'AdminWorlds', 'Audit'],
      }),
      revokePersonWorld: build.mutation<Partial<PersonResponse>, { id: string; world: string }>({
        query: ({ id, world }) => ({
          url: people(id, `/worlds/${encodeURIComponent(world)}`),
          method: 'DELETE',
        }),
        invalidatesTags: ['People', 'AdminWorlds', 'Audit'],
      }),
      deletePerson: build.mutation<{ status: 'ok' }, { id: string; confirmEmail: string }>({
        query: ({ id, confirmEmail }) => ({
          url: people(id),
          method: 'DELETE',
          body: { confirm_email: confirmEmail },
        }),
        invalidatesTags: ['People', 'AdminWorlds', 'Audit'],
      }),
      listAdminWorlds: build.query<AdminWorldsResponse, string>({
        query: (_worldId) => ({ url: '/admin/worlds' }),
        providesTags: ['AdminWorlds'],
      }),
      createWorld: build.mutation<unknown, { id: string; name: string }>({
        query: (body) => ({ url: '/admin/worlds', method: 'POST', body }),
        invalidatesTags: ['AdminWorlds', 'People', 'Audit'],
      }),
      renameWorld: build.mutation<unknown, { id: string; name: string }>({
        query: ({ id, name }) => ({
          url: `/admin/worlds/${encodeURIComponent(id)}`,
          method: 'PATCH',
          body: { name },
        }),
        invalidatesTags: ['AdminWorlds', 'People', 'Audit'],
      }),
      listAudit: build.query<AuditResponse, AuditQuery & { worldId: string }>({
        query: ({ worldId: _worldId, ...filters }) => ({
          url: '/admin/audit',
          params: Object.fromEntries(
            Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined),
          ),
        }),
        providesTags: ['Audit'],
      }),
    }),
  });

export const {
  useListPeopleQuery,
  useAddPersonMutation,
  useSetPersonDisabledMutation,
  useResetPersonPasswordMutation,
  useSetPersonPinMutation,
  useSetPersonGlobalAdminMutation,
  useGrantPersonWorldMutation,
  useRevokePersonWorldMutation,
  useDeletePersonMutation,
  useListAdminWorldsQuery,
  useCreateWorldMutation,
  useRenameWorldMutation,
  useListAuditQuery,
} = peopleApi;
