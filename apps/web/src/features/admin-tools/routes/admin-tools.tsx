import type { AdminUserWire } from '@app/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLedgerPages } from '@/api/ledger.ts';
import { AdminOnly } from '@/components/admin-only/index.ts';
import { LedgerHistory } from '@/components/credit-history/index.ts';
import { Alert } from '@/components/ui/index.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { UserEditor } from '../components/user-editor.tsx';
import { UserPayments } from '../components/user-payments.tsx';
import { UserSearch } from '../components/user-search.tsx';
import { QueueView } from '../components/queue-view.tsx';
import { TestGiftRedeem } from '../components/test-gift-redeem.tsx';

/** /privacypolicy2: the admin tools. Non-admins see none of them, and the server refuses their calls. */
export function AdminToolsPage() {
  useDocumentTitle('Admin tools');
  return (
    <AdminOnly>
      <AdminTools />
    </AdminOnly>
  );
}

function AdminTools() {
  const [selected, setSelected] = useState<AdminUserWire>();
  const [deleted, setDeleted] = useState<string>();
  const { data: me } = useCurrentUserQuery();
  const ledger = useLedgerPages(selected?.user_id);

  return (
    <section className="admin-tools">
      <h1>Admin tools</h1>
      <nav aria-label="Moderation">
        <Link to={paths.moderation.href()}>Moderation queue</Link> ·{' '}
        <Link to={paths.blocklist.href()}>Blocklist</Link> · <Link to={paths.audit.href()}>Audit trail</Link>
      </nav>
      <p>
        <Link to={paths.adminOverview.href()}>Overview</Link>: revenue, subscribers, credits, jobs and hosts
        over time.
      </p>
      {deleted && <Alert tone="success">{deleted}</Alert>}
      <UserSearch
        onSelect={(user) => {
          setDeleted(undefined);
          setSelected(user);
        }}
      />
      {selected && (
        <>
          <UserEditor
            key={selected.user_id}
            user={selected}
            onDone={(notice) => {
              setSelected(undefined);
              setDeleted(notice);
            }}
          />
          <UserPayments userId={selected.user_id} name={selected.discordname} />
          <section aria-labelledby="admin-ledger">
            <h2 id="admin-ledger">Credit history of {selected.discordname}</h2>
            <LedgerHistory pages={ledger} caption={`Credit history of ${selected.discordname}`} />
          </section>
        </>
      )}
      <QueueView />
      {me && <TestGiftRedeem user={me} />}
    </section>
  );
}
