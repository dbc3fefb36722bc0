import { type UserWire, isEmailMissing } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useUpdateCustomerEmailMutation } from '../api/update-email.ts';

/** Asks for an email while the account has none (or only the placeholder); closes once saved. */
export function EmailModal({ user }: { user: UserWire }) {
  const [dismissed, setDismissed] = useState(false);
  const [email, setEmail] = useState('');
  const [updateEmail, { isLoading, error }] = useUpdateCustomerEmailMutation();
  const open = isEmailMissing(user.email) && !dismissed;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await updateEmail({ stripeid: user.stripeid, userid: user.user_id, email: email.trim() });
    if (!('error' in result)) setDismissed(true);
  }

  return (
    <Dialog open={open} title="Add your email" onClose={() => setDismissed(true)}>
      <p>We send receipts and subscription notices to this address.</p>
      <form onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor="dashboard-email">Email</label>
          <input
            id="dashboard-email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        {error && <Alert>{apiErrorMessage(error, 'Your email could not be saved.')}</Alert>}
        <div className="actions">
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Save email'}
          </Button>
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            Later
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
