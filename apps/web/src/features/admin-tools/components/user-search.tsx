import { isEmailMissing, type AdminUserWire } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useFindUsersQuery } from '../api/admin-users.ts';

/** Finds users by name, email, Discord id or user id, a page at a time. */
export function UserSearch({ onSelect }: { onSelect: (user: AdminUserWire) => void }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState({ query: '', page: 1 });
  const { data, error, isFetching } = useFindUsersQuery(search);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSearch({ query: draft.trim(), page: 1 });
  }

  return (
    <section aria-labelledby="find-users">
      <h2 id="find-users">Find users</h2>
      <form onSubmit={onSubmit} className="actions inline-form">
        <div className="field">
          <label htmlFor="user-query">Name, email, Discord id or user id</label>
          <input
            id="user-query"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {error && <Alert>{apiErrorMessage(error, 'The user search failed.')}</Alert>}
      {isFetching && <Spinner label="Searching…" />}
      {data && (
        <>
          {data.users.length === 0 ? (
            <p className="muted">No users match.</p>
          ) : (
            <table className="user-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Credits</th>
                  <th scope="col">Role</th>
                  <th scope="col">
                    <span className="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <tr key={user.user_id}>
                    <td>{user.discordname}</td>
                    <td data-label="Email">
                      {isEmailMissing(user.email) ? <span className="muted">Not set</span> : user.email}
                    </td>
                    <td data-label="Plan">{user.subscription_status}</td>
                    <td data-label="Credits">{user.credits}</td>
                    <td data-label="Role">{user.role}</td>
                    <td>
                      <Button
                        variant="secondary"
                        onClick={() => onSelect(user)}
                        aria-label={`Select ${user.discordname}`}
                      >
                        Select
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="actions">
            <Button
              variant="ghost"
              disabled={search.page <= 1}
              onClick={() => setSearch((current) => ({ ...current, page: current.page - 1 }))}
            >
              Previous page
            </Button>
            <Button
              variant="ghost"
              disabled={!data.hasMore}
              onClick={() => setSearch((current) => ({ ...current, page: current.page + 1 }))}
            >
              Next page
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
