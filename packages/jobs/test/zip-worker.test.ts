import { getJob, insertUpload, readBalance } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { makeZip } from '../src/testing/make-zip.ts';
import { startWorker } from '../src/worker/start-worker.ts';
import {
  allFamilies,
  createPipeline,
  createUserWith,
  enqueue,
  memoryStorage,
  scriptedProvider,
  waitFor,
  type Pipeline,
} from './helpers.ts';

let pipeline: Pipeline | undefined;
afterEach(async () => {
  await pipeline?.close();
  pipeline = undefined;
});

describe('a training job whose ZIP lies about its sizes', () => {
  it('fails at once with the reason and exactly one refund, and never reaches the provider', async () => {
    pipeline = await createPipeline();
    const storage = memoryStorage();
    const provider = scriptedProvider(async () => ({ outputs: [] }));
    const worker = await startWorker({ ...pipeline, storage, providers: allFamilies(provider) });
    const user = await createUserWith(pipeline.database, 400);
    // Queued before its bytes were checked: eight entries of 10 MiB of zeros declared as 1,000 bytes.
    const lying = makeZip(
      Array.from({ length: 8 }, (_, i) => ({
        name: `${i}.png`,
        bytes: Buffer.alloc(10 * 1024 * 1024),
        declaredSize: 1000,
      })),
    );
    await storage.put('uploads/lying.zip', lying, 'application/zip');
    const upload = await insertUpload(pipeline.database.db, {
      userId: user.id,
      mime: 'application/zip',
      size: lying.length,
      storageKey: 'uploads/lying.zip',
    });
    const job = await enqueue(pipeline, user.id, {
      command: 'loracreatefromzip',
      options: { name: 'Zeros', zip: upload.id },
      price: 400,
      family: 'lora',
    });

    const done = await waitFor(async () => {
      const row = await getJob(pipeline!.database.db, job.id);
      return row && row.status !== 'queued' && row.status !== 'running' ? row : null;
    });
    await worker.stop();
    expect(done).toMatchObject({ status: 'failed', errorCode: 'BAD_ZIP' });
    expect(done.errorMessage).toMatch(/0\.png unpacks to more than the ZIP declares/);
    expect(provider.calls).toBe(0);
    expect(await readBalance(pipeline.database.db, user.id, 'credits')).toBe(400);
    const refunds = (await ledgerEntriesOf(pipeline.database.db, user.id)).filter(
      (row) => row.idempotencyKey === `refund:${job.id}`,
    );
    expect(refunds).toHaveLength(1);
  });
});
