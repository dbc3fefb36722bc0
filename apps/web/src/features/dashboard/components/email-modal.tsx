import { type UserWire, isEmailMissing } from '@app/domain';
import { Suspense, lazy, useState } from 'react';
import { Dialog, Spinner } from '@/components/ui/index.ts';

// The modal opens with the page; its form (react-hook-form and the schema code) follows.
const EmailForm = lazy(() => import('./email-form.tsx').then((module) => ({ default: module.EmailForm })));

/** Asks for an email while the account has none (or only the placeholder); closes once saved. */
export function EmailModal({ user }: { user: UserWire }) {
  const [dismissed, setDismissed] = useState(false);
  const open = isEmailMissing(user.email) && !dismissed;
  return (
    <Dialog open={open} title="Add your email" onClose={() => setDismissed(true)}>
      <p>We send receipts and subscription notices to this address.</p>
      <Suspense fallback={<Spinner />}>
        <EmailForm user={user} onDone={() => setDismissed(true)} />
      </Suspense>
    </Dialog>
  );
}
