import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE_SIZE } from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { AdminLayout, useAdminWorld } from '../admin/AdminLayout';
import { AdminPager } from '../admin/drives/AdminPager';
import { useListAdminWorldsQuery, useListAuditQuery } from '../people/peopleApi';
import { AuditFilters, NO_AUDIT_FILTERS, type AuditFilterValues } from './AuditFilters';
import { AuditList } from './AuditList';

/** Typing in the 'Who' box waits this long before the log is asked again. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * /admin/audit (issue 21): every admin and security event, newest first,
 * filtered by who, what, world and days. A world administrator sees the
 * events of their world only (the server decides).
 */
export function AuditPage() {
  const { t } = useTranslation();
  const worldId = useAdminWorld();
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [asked, setAsked] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setAsked(filters);
      setPage(1);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters]);

  const worlds = useListAdminWorldsQuery(worldId, { skip: !worldId }).data;
  const { data, isLoading, isFetching, error } = useListAuditQuery(
    {
      worldId,
      actor: asked.actor.trim() || undefined,
      action: asked.action || undefined,
      world: asked.world || undefined,
      from: asked.from || undefined,
      to: asked.to || undefined,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
      limit: AUDIT_PAGE_SIZE,
    },
    { skip: !worldId },
  );

  return (
    <AdminLayout title={t('Audit log')} crumbs={[{ label: t('Audit log') }]} openToGlobalAdmins>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {worlds?.can_create
          ? t('Every sign-in, sign-out and administrative change, in every world.')
          : t('Sign-ins and administrative changes in {{world}}.', { world: worldId })}
      </Typography>
      <AuditFilters
        values={filters}
        onChange={setFilters}
        worlds={worlds?.can_create ? worlds.worlds : undefined}
      />
      {isLoading ? (
        <CircularProgress aria-label={t('Loading the audit log')} />
      ) : error ? (
        <Alert severity="error">
          {t('Failed to load the audit log: {{error}}', { error: errorMessage(error) })}
        </Alert>
      ) : !data?.events.length ? (
        <Typography color="text.secondary">{t('No events match.')}</Typography>
      ) : (
        <div aria-busy={isFetching}>
          <AuditList events={data.events} />
          <AdminPager page={page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onPage={setPage} />
        </div>
      )}
    </AdminLayout>
  );
}
