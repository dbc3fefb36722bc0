import { FREE_PLAN, PLAN_RANK, UpdateUserFieldsBody, type AdminUserWire } from '@app/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Card, Dialog } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import {
  useDeleteUserMutation,
  useSetAuthLevelMutation,
  useUpdateUserFieldsMutation,
} from '../api/admin-users.ts';

const PLANS = [FREE_PLAN, ...PLAN_RANK];

/** Edits one user: name, balances and plan; grants admin and deletes with the admin password. */
export function UserEditor({
  user: selected,
  onDone,
}: {
  user: AdminUserWire;
  /** Called once the user is deleted, with the words that confirm it. */
  onDone: (notice: string) => void;
}) {
  // The user as last saved: the search result picked is a snapshot, so a rename shows at once.
  const [user, setUser] = useState(selected);
  const { register, handleSubmit } = useForm({
    defaultValues: {
      discordName: user.discordname,
      credits: String(user.credits),
      hypercredits: String(user.hypercredits),
      subscription_status: user.subscription_status,
    },
  });
  const [password, setPassword] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmGrant, setConfirmGrant] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [updateFields, update] = useUpdateUserFieldsMutation();
  const [setAuthLevel, grant] = useSetAuthLevelMutation();
  const [deleteUser, removal] = useDeleteUserMutation();
  const failure = update.error ?? grant.error ?? removal.error;

  async function onSave(form: {
    discordName: string;
    credits: string;
    hypercredits: string;
    subscription_status: string;
  }) {
    setNotice(undefined);
    setRefusal(undefined);
    const fields: UpdateUserFieldsBody = {};
    if (form.discordName.trim() !== user.discordname) fields.discordName = form.discordName.trim();
    if (Number(form.credits) !== user.credits) fields.credits = Number(form.credits);
    if (Number(form.hypercredits) !== user.hypercredits) fields.hypercredits = Number(form.hypercredits);
    if (form.subscription_status !== user.subscription_status)
      fields.subscription_status = form.subscription_status;
    if (Object.keys(fields).length === 0) return setNotice('Nothing to save: no field changed.');
    // The change is checked by the same rules the server applies before it is sent.
    const checked = UpdateUserFieldsBody.safeParse(fields);
    if (!checked.success) return setRefusal(checked.error.issues[0]?.message);
    const result = await updateFields({ userId: user.user_id, fields: checked.data });
    if (result.data) {
      setUser(result.data);
      setNotice(`Saved ${result.data.discordname}.`);
    }
  }

  async function onGrantAdmin() {
    setConfirmGrant(false);
    setNotice(undefined);
    const result = await setAuthLevel({ user_id: user.user_id, newAuthLevel: 'admin', password });
    if (result.data) {
      setUser(result.data);
      setNotice(`${result.data.discordname} is now an admin.`);
    }
  }

  async function onDelete() {
    setConfirmDelete(false);
    const result = await deleteUser({ user_id: user.user_id, password });
    if (!('error' in result))
      onDone(`Deleted ${user.discordname}. Their records stay on file under “Deleted user”.`);
  }

  return (
    <Card>
      <h2>Edit {user.discordname}</h2>
      <p className="muted">
        User id {user.user_id}
        {user.discord_id && <> · Discord id {user.discord_id}</>} · role {user.role}
      </p>
      <form onSubmit={(event) => void handleSubmit(onSave)(event)}>
        <div className="field">
          <label htmlFor="edit-name">Discord name</label>
          <input id="edit-name" required minLength={2} maxLength={32} {...register('discordName')} />
        </div>
        <div className="field">
          <label htmlFor="edit-credits">Credits</label>
          <input id="edit-credits" type="number" min={0} step={1} required {...register('credits')} />
        </div>
        <div className="field">
          <label htmlFor="edit-hypercredits">Hypercredits</label>
          <input
            id="edit-hypercredits"
            type="number"
            min={0}
            step={1}
            required
            {...register('hypercredits')}
          />
        </div>
        <div className="field">
          <label htmlFor="edit-plan">Subscription status</label>
          <select id="edit-plan" {...register('subscription_status')}>
            {PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={update.isLoading}>
          {update.isLoading ? 'Saving…' : 'Save changes'}
        </Button>
      </form>

      <h3>Actions that need the admin password</h3>
      <div className="field">
        <label htmlFor="admin-password">Admin password</label>
        <input
          id="admin-password"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className="actions">
        <Button
          variant="secondary"
          disabled={!password || grant.isLoading || user.role === 'admin'}
          onClick={() => setConfirmGrant(true)}
        >
          Grant admin
        </Button>
        <Button
          variant="danger"
          disabled={!password || removal.isLoading}
          onClick={() => setConfirmDelete(true)}
        >
          Delete user
        </Button>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {refusal && <Alert>{refusal}</Alert>}
      {failure && <Alert>{apiErrorMessage(failure)}</Alert>}

      <Dialog open={confirmGrant} title="Make this user an admin?" onClose={() => setConfirmGrant(false)}>
        <p>
          {user.discordname} will be able to edit every user, their balances and plans, the changelog and the
          job queue, and see the business overview.
        </p>
        <div className="actions">
          <Button variant="danger" onClick={() => void onGrantAdmin()}>
            Yes, make {user.discordname} an admin
          </Button>
          <Button variant="ghost" onClick={() => setConfirmGrant(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirmDelete} title="Delete this user?" onClose={() => setConfirmDelete(false)}>
        {/* What deleting does (modules/users/delete-user.ts): the books keep their rows. */}
        <ul className="delete-effects">
          <li>
            Their subscriptions are cancelled at Stripe now: nothing more is charged, nothing is refunded.
          </li>
          <li>
            Their name, Discord account and email are removed and they are signed out everywhere; signing in
            with Discord again starts a new, empty account.
          </li>
          <li>
            Their credit history, balance and creations stay on record under &ldquo;Deleted user&rdquo;, and
            gift codes they redeemed stay redeemed.
          </li>
        </ul>
        <p>This cannot be undone.</p>
        <div className="actions">
          <Button variant="danger" onClick={() => void onDelete()}>
            Yes, delete {user.discordname}
          </Button>
          <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
            Keep
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
