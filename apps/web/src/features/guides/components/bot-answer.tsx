import { QUEUED_REPLY, RESULT_BUTTONS } from '@app/domain';

/** How the bot answers a creation command, and what the buttons under a result do. */
export function BotAnswer() {
  return (
    <>
      <ol className="steps">
        <li>
          <strong>Queued.</strong> The bot answers at once: <q>{QUEUED_REPLY}</q> Below it, the answer keeps
          moving while you wait: your place in line and about how long the wait is, then <q>Running…</q> with
          its progress, and the time by which an unfinished job is refunded automatically.
        </li>
        <li>
          <strong>Posted.</strong> The result appears in the same channel, and the bot pings you so you do not
          miss it.
        </li>
        <li>
          <strong>Yours to shape.</strong> Buttons under the result let you react and keep going.
        </li>
      </ol>
      <div className="table-wrap">
        <table>
          <caption>Buttons under a result</caption>
          <thead>
            <tr>
              <th scope="col">Button</th>
              <th scope="col">What it does</th>
            </tr>
          </thead>
          <tbody>
            {RESULT_BUTTONS.map((button) => (
              <tr key={button.id}>
                <th scope="row">
                  <span aria-hidden="true" className="button-emoji">
                    {button.emoji}
                  </span>{' '}
                  {button.label}
                </th>
                <td>{button.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
