import { zodResolver } from '@hookform/resolvers/zod';
import { FindUsersQuery, isEmailMissing, type AdminUserWire } from '@app/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useFindUsersQuery } from '../api/admin-users.ts';

/** What the form asks for: the words to look for, by the server's own rule. */
const SearchField = FindUsersQuery.pick({ query: true });

/** Finds users by name, email, Discord id or user id, a page at a time. */
export function UserSearch({ onSelect }: { onSelect: (user: AdminUserWire) => void }) {
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(SearchField),
    defaultValues: { query: '' },
  });
  const [search, setSearch] = useState({ query: '', page: 1 });
  const { data, error, isFetching } = useFindUsersQuery(search);
  const onSubmit = handleSubmit(({ query }) => setSearch({ query, page: 1 }));

  return (
    <section aria-labelledby="find-users">
      <h2 id="find-users">Find users</h2>
      <form onSubmit={(event) => void onSubmit(event)} className="actions inline-form">
        <div className="field">
          <label htmlFor="user-query">Name, email, Discord id or user id</label>
          <input id="user-query" type="search" maxLength={100} {...register('query')} />
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
