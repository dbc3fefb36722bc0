import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminOnly } from '@/components/admin-only/index.ts';
import { paths } from '@/config/paths.ts';

/** The moderation pages' frame: admins only (the server refuses everyone else's calls too), with their nav. */
export function AdminGate({ children }: { children: ReactNode }) {
  return (
    <AdminOnly>
      <section className="admin-tools moderation">
        <nav aria-label="Moderation" className="moderation-nav">
          <Link to={paths.adminTools.href()}>Admin tools</Link>
          <Link to={paths.moderation.href()}>Moderation queue</Link>
          <Link to={paths.blocklist.href()}>Blocklist</Link>
          <Link to={paths.audit.href()}>Audit trail</Link>
        </nav>
        {children}
      </section>
    </AdminOnly>
  );
}
