import { categoryLabel, type ModerationItemWire } from '@app/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { ActionHistory } from '../components/action-history.tsx';
import { AdminGate } from '../components/admin-gate.tsx';
import { AppealDecision, ContentLevelToggle } from '../components/appeal-decision.tsx';
import { ItemActions } from '../components/item-actions.tsx';
import { useGetModerationQueueQuery } from '../api/moderation.ts';
import '../moderation.css';

const KIND_WORDS: Record<ModerationItemWire['kind'], string> = {
  report: 'Report',
  refusal: 'Refused prompt',
  pause: 'Automatic pause',
  appeal: 'Appeal of a refusal',
};

/** /admin/moderation: reports and refused prompts with their context, and what to do about them. */
export function ModerationQueuePage() {
  useDocumentTitle('Moderation queue');
  return (
    <AdminGate>
      <Queue />
    </AdminGate>
  );
}

function Queue() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [kind, setKind] = useState('');
  const ids = { status: useId(), kind: useId() };
  const { data, isLoading, error, refetch, isFetching } = useGetModerationQueueQuery({
    status,
    ...(kind ? { kind } : {}),
  });
  return (
    <>
      <h1>Moderation queue</h1>
      <div className="moderation-filters">
        <label htmlFor={ids.status}>Show</label>
        <select
          id={ids.status}
          value={status}
          onChange={(event) => setStatus(event.target.value as 'open' | 'resolved')}
        >
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
        </select>
        <label htmlFor={ids.kind}>Kind</label>
        <select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value)}>
          <option value="">Everything</option>
          <option value="report">Reports</option>
          <option value="refusal">Refused prompts</option>
          <option value="pause">Automatic pauses</option>
          <option value="appeal">Appeals</option>
        </select>
        <Button variant="secondary" disabled={isFetching} onClick={() => void refetch()}>
          {isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {isLoading ? (
        <Spinner label="Loading the queue…" />
      ) : error || !data ? (
        <Alert>{apiErrorMessage(error, 'The queue could not be loaded.')}</Alert>
      ) : data.items.length === 0 ? (
        <p>Nothing {status === 'open' ? 'waiting' : 'resolved yet'}.</p>
      ) : (
        <ul className="moderation-items" aria-label="Queue items">
          {data.items.map((item) => (
            <QueueItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}

function QueueItem({ item }: { item: ModerationItemWire }) {
  const { person, creation } = item;
  return (
    <li className="moderation-item" aria-label={`${KIND_WORDS[item.kind]} about ${person.discordName}`}>
      <div className="moderation-item-head">
        <span className={`badge badge-${item.kind}`}>{KIND_WORDS[item.kind]}</span>
        <strong>{person.discordName}</strong>
        {person.bannedAt && <span className="badge badge-ban">banned</span>}
        {person.pausedUntil && (
          <span className="badge badge-pause">
            paused until {new Date(person.pausedUntil).toLocaleString()}
          </span>
        )}
        {item.overturned && <span className="badge">overturned on appeal</span>}
        <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
      </div>
      <dl className="moderation-facts">
        {item.category && (
          <>
            <dt>Category</dt>
            <dd>{categoryLabel(item.category)}</dd>
          </>
        )}
        {item.reason && (
          <>
            <dt>
              {item.kind === 'report' ? 'Reported for' : item.kind === 'appeal' ? 'Their note' : 'Reason'}
            </dt>
            <dd>{item.reason}</dd>
          </>
        )}
        {item.prompt && (
          <>
            <dt>Prompt</dt>
            <dd className="moderation-prompt">{item.prompt}</dd>
          </>
        )}
        {item.source && (
          <>
            <dt>From</dt>
            <dd>{item.source}</dd>
          </>
        )}
      </dl>
      {creation && (
        <div className="moderation-creation">
          {creation.thumbUrl && (
            <img src={creation.thumbUrl} alt={creation.prompt ?? `/${creation.command}`} width={120} />
          )}
          <div>
            <Link to={paths.creation.href(creation.id)}>Open the creation</Link>
            {creation.hidden && <span className="badge badge-ban">hidden</span>}
            {!creation.public && <span className="badge">private</span>}
            {creation.mature && <span className="badge">mature</span>}
            <ContentLevelToggle creation={creation} />
          </div>
        </div>
      )}
      <h3>History</h3>
      <ActionHistory actions={item.history} name={person.discordName} />
      <AppealDecision item={item} />
      <ItemActions item={item} />
    </li>
  );
}
