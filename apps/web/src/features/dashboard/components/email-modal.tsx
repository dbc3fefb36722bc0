import { zodResolver } from '@hookform/resolvers/zod';
import { type UserWire, UpdateCustomerEmailBody, isEmailMissing } from '@app/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Dialog } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useUpdateCustomerEmailMutation } from '../api/update-email.ts';

/** The one field the modal asks for, by the server's own rule. */
const EmailField = UpdateCustomerEmailBody.pick({ email: true });

/** Asks for an email while the account has none (or only the placeholder); closes once saved. */
export function EmailModal({ user }: { user: UserWire }) {
  const [dismissed, setDismissed] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(EmailField),
    defaultValues: { email: '' },
  });
  const [updateEmail, { isLoading, error }] = useUpdateCustomerEmailMutation();
  const open = isEmailMissing(user.email) && !dismissed;

  async function onSave({ email }: { email: string }) {
    const result = await updateEmail({ stripeid: user.stripeid, userid: user.user_id, email });
    if (!('error' in result)) setDismissed(true);
  }

  return (
    <Dialog open={open} title="Add your email" onClose={() => setDismissed(true)}>
      <p>We send receipts and subscription notices to this address.</p>
      <form onSubmit={(event) => void handleSubmit(onSave)(event)}>
        <div className="field">
          <label htmlFor="dashboard-email">Email</label>
          <input id="dashboard-email" type="email" required autoComplete="email" {...register('email')} />
        </div>
        {formState.errors.email && <Alert>{formState.errors.email.message}</Alert>}
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
