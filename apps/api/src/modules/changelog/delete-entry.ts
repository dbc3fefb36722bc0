import { type Db, deleteChangelogEntry } from '@app/db';
import { notFound } from '../../lib/errors.ts';

export async function deleteEntry({ db, id }: { db: Db; id: number }) {
  if (!(await deleteChangelogEntry(db, id))) throw notFound('Entry');
  return { id };
}
