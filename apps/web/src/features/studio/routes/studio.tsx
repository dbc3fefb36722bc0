import type { JobWire } from '@app/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { baseApi } from '@/lib/store/base-api.ts';
import { useAppDispatch } from '@/lib/store/hooks.ts';
import { jobService } from '@/api/jobs.ts';
import { JobCard, useJobArrival } from '@/components/job-card/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { useListLorasQuery } from '@/api/loras.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { DefaultsPanel } from '../components/defaults-panel.tsx';
import { LanePanel } from '../components/lane-panel.tsx';
import { useUserSettingsQuery } from '@/api/user-settings.ts';
import { JobForm } from '../components/job-form.tsx';
import { AgeGate } from '../components/age-gate.tsx';
import '../components/studio.css';

/** The studio: make something with any command of the bot, and watch it arrive. */
export function StudioPage() {
  useDocumentTitle('Studio');
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const { data: user } = useCurrentUserQuery();
  const { data: loras } = useListLorasQuery();
  const [jobs, setJobs] = useState<JobWire[]>([]);
  const arrival = useJobArrival();
  const balance = user ? { credits: user.credits, hypercredits: user.hypercredits } : null;
  const { data: defaults } = useUserSettingsQuery();

  const add = (job: JobWire) => {
    setJobs((current) => [job, ...current.filter((existing) => existing.id !== job.id)]);
    // The price is held at once: show the new balance.
    dispatch(baseApi.util.invalidateTags(['CurrentUser', 'Lanes']));
    arrival.created(job);
  };

  return (
    <section className="studio">
      <div className="studio-title">
        <h1>Studio</h1>
        <nav aria-label="Studio" className="studio-links">
          <Link to={paths.myCreations.href()}>My creations</Link>
          <Link to={paths.loras.href()}>LoRA models</Link>
          <Link to={paths.creditHistory.href()}>Credit history</Link>
        </nav>
      </div>
      <DefaultsPanel />
      <LanePanel />
      <AgeGate userId={user?.user_id}>
        <div className="studio-layout">
          <JobForm
            balance={balance}
            lane={defaults?.settings.lane ?? 'fast'}
            relaxWhenOut={defaults?.settings.relaxWhenOut ?? false}
            loras={loras?.loras}
            initialCommand={search.get('command')}
            initialPrompt={search.get('prompt')}
            initialLora={search.get('lora')}
            onCreated={add}
          />
          <section aria-label="Your jobs" className="studio-jobs">
            {arrival.region}
            {jobs.length === 0 ? (
              <p className="muted">What you create appears here, live from the queue to the result.</p>
            ) : (
              jobs.map((job) => (
                <JobCard
                  service={jobService}
                  key={job.id}
                  job={job}
                  signedIn
                  onNewJob={add}
                  onEnded={(status) => {
                    arrival.ended(job, status);
                    // A failed or cancelled job was refunded when it ended: show the balance it left.
                    if (status !== 'succeeded')
                      dispatch(baseApi.util.invalidateTags(['CurrentUser', 'Ledger']));
                  }}
                  onRemoved={(id) => setJobs((current) => current.filter((existing) => existing.id !== id))}
                />
              ))
            )}
          </section>
        </div>
      </AgeGate>
    </section>
  );
}
