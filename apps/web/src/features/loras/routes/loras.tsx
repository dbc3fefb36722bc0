import type { JobWire } from '@app/domain';
import { useCallback, useState } from 'react';
import { baseApi } from '@/lib/store/base-api.ts';
import { useAppDispatch } from '@/lib/store/hooks.ts';
import { jobService } from '@/api/jobs.ts';
import { JobCard, useJobArrival } from '@/components/job-card/index.ts';
import { Alert, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDeleteLoraMutation, useListLorasQuery } from '@/api/loras.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { CreateLoraForm } from '../components/create-lora-form.tsx';
import { LoraList } from '../components/lora-list.tsx';
import '../components/loras.css';

/** /loras: train LoRA models, follow their training, use them in the studio, remove them. */
export function LorasPage() {
  useDocumentTitle('LoRA models');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useListLorasQuery();
  const [remove, removal] = useDeleteLoraMutation();
  const [training, setTraining] = useState<JobWire[]>([]);
  const arrival = useJobArrival();
  // A training that ends changes its model's row (ready with its samples, or failed and refunded).
  const refreshList = useCallback(
    () => dispatch(baseApi.util.invalidateTags(['Loras', 'CurrentUser'])),
    [dispatch],
  );

  return (
    <section className="loras">
      <h1>LoRA models</h1>
      <p>
        A LoRA teaches the image model one face, object or style from your pictures. Training takes about a
        quarter of an hour; then use it in the studio or with <code>-lora name</code> in a prompt.
      </p>
      <CreateLoraForm
        onCreated={(job) => {
          setTraining((current) => [job, ...current]);
          dispatch(baseApi.util.invalidateTags(['Loras', 'CurrentUser']));
          arrival.created(job);
        }}
      />
      {arrival.region}
      {training.map((job) => (
        <JobCard
          service={jobService}
          key={job.id}
          job={job}
          signedIn
          linkToPage={false}
          onEnded={(status) => {
            refreshList();
            arrival.ended(job, status);
          }}
        />
      ))}
      <h2>Your models</h2>
      {removal.error && <Alert>{apiErrorMessage(removal.error, 'The model could not be removed.')}</Alert>}
      {isLoading ? (
        <Spinner label="Loading your models…" />
      ) : error ? (
        <Alert>{apiErrorMessage(error, 'Your models could not be loaded.')}</Alert>
      ) : !data?.loras.length ? (
        <p>You have no LoRA models yet.</p>
      ) : (
        <LoraList
          loras={data.loras}
          removing={removal.isLoading}
          onRemove={(lora) => {
            if (window.confirm(`Remove ${lora.name} for good?`)) void remove(lora.id);
          }}
        />
      )}
    </section>
  );
}
