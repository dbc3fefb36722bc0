import { CHANNELS, type ChannelKind } from '@app/domain';

const KIND_TEXT: Record<ChannelKind, string> = {
  image: 'Images',
  video: 'Video',
  music: 'Music',
  speech: 'Speech',
  'sound-effects': 'Sound effects',
  lipsync: 'Lip-sync',
};

/** The creation channels of the chat server, grouped by kind. */
export function ChannelTable() {
  const kinds = [...new Set(CHANNELS.map((channel) => channel.kind))];
  return (
    <div className="table-wrap">
      <table>
        <caption>Channels in the server</caption>
        <thead>
          <tr>
            <th scope="col">For</th>
            <th scope="col">Channels</th>
            <th scope="col">Adults only (18+)</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((kind) => {
            const channels = CHANNELS.filter((channel) => channel.kind === kind);
            const general = channels.filter((channel) => !channel.horror);
            const horror = channels.filter((channel) => channel.horror);
            return (
              <tr key={kind}>
                <th scope="row">{KIND_TEXT[kind]}</th>
                <td>
                  {general.length} {general.length === 1 ? 'channel' : 'channels'}:{' '}
                  {general.map((channel) => `#${channel.name}`).join(', ')}
                </td>
                <td>
                  {horror.length > 0
                    ? horror.map((channel) => `#${channel.name} (horror, ${channel.minimumAge}+)`).join(', ')
                    : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
