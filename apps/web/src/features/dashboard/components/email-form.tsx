import { zodResolver } from '@hookform/resolvers/zod';
import { type UserWire, UpdateCustomerEmailBody } from '@app/domain';
import { useForm } from 'react-hook-form';
import { Alert, Button } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useUpdateCustomerEmailMutation } from '../api/update-email.ts';

/** The one field the modal asks for, by the server's own rule. */
const EmailField = UpdateCustomerEmailBody.pick({ email: true });

/** The email modal's form: `onDone` once the email is saved, or when the user chooses Later. */
export function EmailForm({ user, onDone }: { user: UserWire; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(EmailField),
    defaultValues: { email: '' },
  });
  const [updateEmail, { isLoading, error }] = useUpdateCustomerEmailMutation();

  async function onSave({ email }: { email: string }) {
    const result = await updateEmail({ stripeid: user.stripeid, userid: user.user_id, email });
    if (!('error' in result)) onDone();
  }

  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <div className="field">
        <label htmlFor="dashboard-email">Email</label>
        {/* The form may arrive after the modal opened: it takes the focus itself. */}
        <input
          id="dashboard-email"
          type="email"
          required
          autoFocus
          autoComplete="email"
          {...register('email')}
        />
      </div>
      {formState.errors.email && <Alert>{formState.errors.email.message}</Alert>}
      {error && <Alert>{apiErrorMessage(error, 'Your email could not be saved.')}</Alert>}
      <div className="actions">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save email'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Later
        </Button>
      </div>
    </form>
  );
}
